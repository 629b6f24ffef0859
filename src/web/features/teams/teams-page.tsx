import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronRight, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { TEAM_NAME_MAX_LENGTH, teamNameProblem } from '../../../core/api/team-values';
import type { TeamSummaryDto } from '../../../core/api/teams';
import { Badge } from '../../components/ui/badge';
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
import { useDocumentTitle } from '../../lib/use-document-title';
import { ROLE_LABELS } from './role-names';
import { createTeam, messageOf, TEAMS_KEY } from './teams-api';

const memberCount = (count: number) => (count === 1 ? '1 member' : `${count} members`);

function CreateTeamCard() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const creation = useMutation({
    mutationFn: createTeam,
    onSuccess: async (team) => {
      await queryClient.invalidateQueries({ queryKey: TEAMS_KEY });
      navigate(`/teams/${team.id}`);
    },
    onError: (error) => setProblem(messageOf(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = teamNameProblem(name);
    setProblem(problem ?? undefined);
    if (problem === null) creation.mutate(name.trim());
  };
  return (
    <Card role="region" aria-labelledby="create-team-title">
      <CardHeader>
        <CardTitle id="create-team-title">Create a team</CardTitle>
        <CardDescription>
          A shared library for the people you work with. You become its owner and invite the others.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor="team-name">Team name</Label>
            <Input
              id="team-name"
              value={name}
              maxLength={TEAM_NAME_MAX_LENGTH + 20}
              onChange={(event) => setName(event.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'team-name-error' : undefined}
            />
          </div>
          <Button type="submit" disabled={creation.isPending}>
            {creation.isPending ? 'Creating...' : 'Create team'}
          </Button>
        </form>
        <FieldError id="team-name-error" message={problem} />
      </CardContent>
    </Card>
  );
}

function TeamList({ teams }: { teams: TeamSummaryDto[] }) {
  if (teams.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
        You are not in a team yet. Create one below, or open an invitation link someone sent you.
      </p>
    );
  }
  return (
    <ul
      aria-label="Your teams"
      className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white"
    >
      {teams.map((team) => (
        <li key={team.id}>
          <Link
            href={`/teams/${team.id}`}
            className="flex items-center gap-3 p-4 hover:bg-slate-50"
          >
            <Users aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400" />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-slate-900">{team.name}</span>
              <span className="block text-sm text-slate-500">{memberCount(team.memberCount)}</span>
            </span>
            <Badge tone={team.role === 'owner' ? 'solid' : 'neutral'}>
              {ROLE_LABELS[team.role]}
            </Badge>
            <ChevronRight aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /teams: the user's teams with their role, and a form to create one. */
export default function TeamsPage() {
  useDocumentTitle('Teams');
  const teams = useQuery<TeamSummaryDto[]>({ queryKey: TEAMS_KEY, staleTime: 0 });
  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Teams</h1>
      {teams.isPending ? (
        <div className="flex justify-center py-8">
          <Spinner className="h-6 w-6" label="Loading your teams" />
        </div>
      ) : teams.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Your teams could not be loaded. {messageOf(teams.error)}
        </p>
      ) : (
        <TeamList teams={teams.data} />
      )}
      <CreateTeamCard />
    </main>
  );
}
