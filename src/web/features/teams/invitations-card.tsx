import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { INVITATION_ROLES, type InvitationRole } from '../../../core/api/team-values';
import type { CreatedInvitationDto, TeamDto, TeamInvitationDto } from '../../../core/api/teams';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { CopyButton } from '../clipboard/copy-button';
import { toast } from '../toasts/toast-store';
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from './role-names';
import { invitationsKey, inviteMember, messageOf, revokeInvitation } from './teams-api';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

function SentInvitation({ invitation }: { invitation: CreatedInvitationDto }) {
  if (invitation.emailed) {
    return (
      <p role="status" className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-800">
        We emailed an invitation to {invitation.email}. The link works once, until{' '}
        {dateOf(invitation.expiresAt)}.
      </p>
    );
  }
  return (
    <div role="status" className="space-y-2 rounded-md border border-brand-100 bg-brand-50 p-3">
      <p className="text-sm text-slate-800">
        This server does not send email. Send this link to {invitation.email} yourself: it works
        once, until {dateOf(invitation.expiresAt)}.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          aria-label="Invitation link"
          value={invitation.url}
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs"
        />
        <CopyButton text={() => invitation.url} label="Copy link" />
      </div>
    </div>
  );
}

function PendingInvitations({ team }: { team: TeamDto }) {
  const queryClient = useQueryClient();
  const pending = useQuery<TeamInvitationDto[]>({
    queryKey: invitationsKey(team.id),
    staleTime: 0,
  });
  const revocation = useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(team.id, invitationId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: invitationsKey(team.id) });
      toast({ title: 'Invitation withdrawn', description: 'Its link no longer works.' });
    },
    onError: (error) =>
      toast({ title: 'Not withdrawn', description: messageOf(error), variant: 'destructive' }),
  });
  if (pending.isPending) return <Spinner className="h-5 w-5" label="Loading the invitations" />;
  if (pending.isError) return <p className="text-sm text-red-700">{messageOf(pending.error)}</p>;
  if (pending.data.length === 0) {
    return <p className="text-sm text-slate-500">No invitations are waiting for an answer.</p>;
  }
  return (
    <ul className="divide-y divide-slate-200" aria-label="Pending invitations">
      {pending.data.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
            <p className="text-xs text-slate-500">
              {ROLE_LABELS[invitation.role]} · invited
              {invitation.invitedBy ? ` by ${invitation.invitedBy}` : ''} · expires{' '}
              {dateOf(invitation.expiresAt)}
            </p>
          </div>
          <Button
            size="sm"
            variant="outline"
            disabled={revocation.isPending}
            onClick={() => revocation.mutate(invitation.id)}
            aria-label={`Withdraw the invitation to ${invitation.email}`}
          >
            Withdraw
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** Invite by email address and role (owners and admins), and the invitations still pending. */
export function InvitationsCard({ team }: { team: TeamDto }) {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitationRole>('editor');
  const [problem, setProblem] = useState<string | undefined>();
  const [sent, setSent] = useState<CreatedInvitationDto | null>(null);
  const invitation = useMutation({
    mutationFn: () => inviteMember(team.id, { email: email.trim(), role }),
    onSuccess: async (created) => {
      setSent(created);
      setEmail('');
      await queryClient.invalidateQueries({ queryKey: invitationsKey(team.id) });
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setProblem('Please enter a valid email address.');
      return;
    }
    setProblem(undefined);
    invitation.mutate();
  };
  return (
    <Card role="region" aria-labelledby="invite-title">
      <CardHeader>
        <CardTitle id="invite-title">Invite people</CardTitle>
        <CardDescription>
          They join with an account under the address you enter. Links expire after 7 days.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form noValidate onSubmit={submit} className="space-y-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex-1">
              <Label htmlFor="invite-email">Email address</Label>
              <Input
                id="invite-email"
                type="email"
                autoComplete="off"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? 'invite-error' : 'invite-role-description'}
              />
            </div>
            <div>
              <Label htmlFor="invite-role">Role</Label>
              <select
                id="invite-role"
                value={role}
                onChange={(event) => setRole(event.target.value as InvitationRole)}
                className="h-10 w-full rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 sm:w-auto"
              >
                {INVITATION_ROLES.map((value) => (
                  <option key={value} value={value}>
                    {ROLE_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" disabled={invitation.isPending}>
              {invitation.isPending ? 'Inviting...' : 'Invite'}
            </Button>
          </div>
          <p id="invite-role-description" className="text-xs text-slate-500">
            {ROLE_LABELS[role]}: {ROLE_DESCRIPTIONS[role]}
          </p>
          <FieldError id="invite-error" message={problem} />
        </form>
        {sent ? <SentInvitation invitation={sent} /> : null}
        <div>
          <h3 className="mb-1 text-sm font-semibold text-slate-700">Pending invitations</h3>
          <PendingInvitations team={team} />
        </div>
      </CardContent>
    </Card>
  );
}
