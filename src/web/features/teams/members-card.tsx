import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { INVITATION_ROLES, type TeamRole } from '../../../core/api/team-values';
import type { TeamDto, TeamMemberDto } from '../../../core/api/teams';
import { teamRoleCan } from '../../../core/teams/team-permissions';
import { roleWithArticle } from '../../../core/teams/team-role-names';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Spinner } from '../../components/ui/spinner';
import { toast } from '../toasts/toast-store';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-names';
import { changeMemberRole, membersKey, messageOf, removeMember, TEAMS_KEY } from './teams-api';

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

type PendingChange =
  | { kind: 'handover'; member: TeamMemberDto }
  | { kind: 'remove'; member: TeamMemberDto }
  | { kind: 'leave'; member: TeamMemberDto };

const selectClasses =
  'h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus:border-brand-500';

function MemberRow({
  member,
  team,
  isMe,
  onRole,
  onAsk,
  busy,
}: {
  member: TeamMemberDto;
  team: TeamDto;
  isMe: boolean;
  onRole: (member: TeamMemberDto, role: TeamRole) => void;
  onAsk: (change: PendingChange) => void;
  busy: boolean;
}) {
  const manages = teamRoleCan(team.role, 'manageMembers');
  const canSetRole = manages && member.role !== 'owner';
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center" aria-label={member.name}>
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          {member.name}
          {isMe ? <span className="font-normal text-slate-500"> (you)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-500">{member.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {canSetRole ? (
          <select
            aria-label={`Role of ${member.name}`}
            className={selectClasses}
            value={member.role}
            disabled={busy}
            onChange={(event) => onRole(member, event.target.value as TeamRole)}
          >
            {INVITATION_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        ) : (
          <Badge tone={member.role === 'owner' ? 'solid' : 'neutral'}>
            {ROLE_LABELS[member.role]}
          </Badge>
        )}
        {team.role === 'owner' && !isMe ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onAsk({ kind: 'handover', member })}
          >
            Make owner
          </Button>
        ) : null}
        {isMe && member.role !== 'owner' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => onAsk({ kind: 'leave', member })}
          >
            Leave team
          </Button>
        ) : null}
        {manages && !isMe && member.role !== 'owner' ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() => onAsk({ kind: 'remove', member })}
          >
            Remove
          </Button>
        ) : null}
      </div>
    </li>
  );
}

function confirmation(change: PendingChange, team: TeamDto) {
  const { member } = change;
  if (change.kind === 'handover') {
    return {
      title: `Hand ${team.name} over to ${member.name}?`,
      body: `${member.name} becomes the owner: only they can delete the team or hand it over again. You stay in the team as an admin.`,
      confirm: 'Make owner',
    };
  }
  if (change.kind === 'leave') {
    return {
      title: `Leave ${team.name}?`,
      body: 'You lose access to the team’s transcripts at once. To come back, you need a new invitation.',
      confirm: 'Leave team',
    };
  }
  return {
    title: `Remove ${member.name}?`,
    body: `${member.name} loses access to the team’s transcripts at once. What they uploaded stays in the team.`,
    confirm: 'Remove',
  };
}

/** The members with their roles; owners and admins change roles and remove, anyone leaves. */
export function MembersCard({ team, myUserId }: { team: TeamDto; myUserId: string }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const members = useQuery<TeamMemberDto[]>({ queryKey: membersKey(team.id), staleTime: 0 });
  const [pending, setPending] = useState<PendingChange | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: membersKey(team.id) }),
      queryClient.invalidateQueries({ queryKey: TEAMS_KEY }),
    ]);
  const failed = (title: string) => (error: unknown) =>
    toast({ title, description: messageOf(error), variant: 'destructive' });

  const roleChange = useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: TeamRole }) =>
      changeMemberRole(team.id, userId, role),
    onSuccess: async (member) => {
      setPending(null);
      await refresh();
      toast({ title: `${member.name} is now ${roleWithArticle(member.role)}` });
    },
    onError: failed('Role not changed'),
  });
  const removal = useMutation({
    mutationFn: (userId: string) => removeMember(team.id, userId),
    onSuccess: async (_, userId) => {
      setPending(null);
      if (userId === myUserId) {
        await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
        toast({ title: `You left ${team.name}` });
        navigate('/teams');
        return;
      }
      await refresh();
      toast({ title: 'Member removed' });
    },
    onError: failed('Not removed'),
  });
  const busy = roleChange.isPending || removal.isPending;
  const confirm = () => {
    if (!pending) return;
    if (pending.kind === 'handover')
      roleChange.mutate({ userId: pending.member.userId, role: 'owner' });
    else removal.mutate(pending.member.userId);
  };
  const dialog = pending ? confirmation(pending, team) : null;

  return (
    <Card role="region" aria-labelledby="members-title">
      <CardHeader>
        <CardTitle id="members-title">Members</CardTitle>
        <CardDescription>
          You are {roleWithArticle(team.role)}: {lowerFirst(ROLE_DESCRIPTIONS[team.role])}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {members.isPending ? (
          <Spinner className="h-5 w-5" label="Loading the members" />
        ) : members.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {messageOf(members.error)}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Members">
            {members.data.map((member) => (
              <MemberRow
                key={member.userId}
                member={member}
                team={team}
                isMe={member.userId === myUserId}
                busy={busy}
                onRole={(target, role) => roleChange.mutate({ userId: target.userId, role })}
                onAsk={setPending}
              />
            ))}
          </ul>
        )}
      </CardContent>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => (open ? undefined : setPending(null))}
        title={dialog?.title ?? ''}
        confirmLabel={dialog?.confirm ?? ''}
        cancelLabel="Cancel"
        busy={busy}
        onConfirm={confirm}
      >
        <p>{dialog?.body}</p>
      </ConfirmDialog>
    </Card>
  );
}
