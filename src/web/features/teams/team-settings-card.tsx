import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { teamNameProblem } from '../../../core/api/team-values';
import type { TeamDto } from '../../../core/api/teams';
import { teamRoleCan } from '../../../core/teams/team-permissions';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { FieldError, Input, Label } from '../../components/ui/input';
import { toast } from '../toasts/toast-store';
import { deleteTeam, messageOf, renameTeam, TEAMS_KEY } from './teams-api';

function RenameForm({ team }: { team: TeamDto }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(team.name);
  const [problem, setProblem] = useState<string | undefined>();
  const rename = useMutation({
    mutationFn: (next: string) => renameTeam(team.id, next),
    onSuccess: async (renamed) => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      toast({ title: `Renamed to ${renamed.name}` });
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = teamNameProblem(name);
    setProblem(problem ?? undefined);
    if (problem === null) rename.mutate(name.trim());
  };
  return (
    <form noValidate onSubmit={submit}>
      <Label htmlFor="rename-team">Team name</Label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          id="rename-team"
          value={name}
          onChange={(event) => setName(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'rename-team-error' : undefined}
        />
        <Button
          type="submit"
          variant="outline"
          disabled={rename.isPending || name.trim() === team.name}
        >
          {rename.isPending ? 'Saving...' : 'Rename'}
        </Button>
      </div>
      <FieldError id="rename-team-error" message={problem} />
    </form>
  );
}

function DeleteTeam({ team }: { team: TeamDto }) {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const removal = useMutation({
    mutationFn: () => deleteTeam(team.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      toast({
        title: `${team.name} deleted`,
        description: 'Its transcripts went back to their uploaders.',
      });
      navigate('/teams');
    },
    onError: (error) =>
      toast({ title: 'Team not deleted', description: messageOf(error), variant: 'destructive' }),
  });
  return (
    <div className="border-t border-slate-200 pt-4">
      <h3 className="text-sm font-semibold text-slate-900">Delete the team</h3>
      <p className="mt-1 text-sm text-slate-600">
        Members lose access and pending invitations stop working. No transcript is lost: each goes
        back to the library of the person who uploaded it.
      </p>
      <Button variant="destructive" className="mt-3" onClick={() => setOpen(true)}>
        Delete team
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        title={`Delete ${team.name}?`}
        confirmLabel="Delete team"
        cancelLabel="Cancel"
        busy={removal.isPending}
        canConfirm={typed.trim() === team.name}
        onConfirm={() => removal.mutate()}
      >
        <p>This cannot be undone. Type the team’s name to confirm.</p>
        <Label htmlFor="confirm-team-name" className="sr-only">
          Team name
        </Label>
        <Input
          id="confirm-team-name"
          autoComplete="off"
          placeholder={team.name}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </ConfirmDialog>
    </div>
  );
}

/** Rename (owners and admins) and delete (the owner). */
export function TeamSettingsCard({ team }: { team: TeamDto }) {
  return (
    <Card role="region" aria-labelledby="team-settings-title">
      <CardHeader>
        <CardTitle id="team-settings-title">Settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <RenameForm team={team} />
        {teamRoleCan(team.role, 'ownTeam') ? <DeleteTeam team={team} /> : null}
      </CardContent>
    </Card>
  );
}
