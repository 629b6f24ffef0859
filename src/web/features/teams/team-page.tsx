import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'wouter';
import type { TeamSummaryDto } from '../../../core/api/teams';
import { teamRoleCan } from '../../../core/teams/team-permissions';
import { Badge } from '../../components/ui/badge';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuth } from '../auth/use-auth';
import { RetentionCard } from '../account/retention-card';
import { WebhooksCard } from '../account/webhooks-card';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { ROLE_LABELS } from './role-names';
import { TeamActivityCard } from './team-activity-card';
import { TeamSettingsCard } from './team-settings-card';
import { messageOf, TEAMS_KEY } from './teams-api';

function TeamNotFound() {
  return (
    <div className="py-12 text-center">
      <h1 className="text-2xl font-bold text-slate-900">Team not found</h1>
      <p className="mt-2 text-slate-600">
        It may have been deleted, or you are no longer a member of it.
      </p>
      <Link href="/teams" className={buttonClasses('outline', 'md', 'mt-6')}>
        Your teams
      </Link>
    </div>
  );
}

/** /teams/:id: members, invitations and settings, each shown only to roles that may use it. */
export default function TeamPage() {
  const { id = '' } = useParams<{ id: string }>();
  const { user } = useAuth();
  const teams = useQuery<TeamSummaryDto[]>({ queryKey: TEAMS_KEY, staleTime: 0 });
  const team = teams.data?.find((candidate) => candidate.id === id);
  useDocumentTitle(team?.name ?? 'Team');

  return (
    <main className="mx-auto max-w-3xl space-y-6 px-4 py-12">
      <Link
        href="/teams"
        className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> Teams
      </Link>
      {teams.isPending || !user ? (
        <div className="flex justify-center py-8">
          <Spinner className="h-6 w-6" label="Loading the team" />
        </div>
      ) : teams.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The team could not be loaded. {messageOf(teams.error)}
        </p>
      ) : !team ? (
        <TeamNotFound />
      ) : (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="min-w-0 break-words text-3xl font-bold text-slate-900">{team.name}</h1>
            <Badge tone={team.role === 'owner' ? 'solid' : 'neutral'}>
              You: {ROLE_LABELS[team.role]}
            </Badge>
          </div>
          <MembersCard team={team} myUserId={user.id} />
          {teamRoleCan(team.role, 'manageMembers') ? <InvitationsCard team={team} /> : null}
          <RetentionCard
            url={`/api/teams/${team.id}/retention`}
            canChange={teamRoleCan(team.role, 'manageMembers')}
          />
          {teamRoleCan(team.role, 'manageWebhooks') ? <WebhooksCard team={team.id} /> : null}
          {teamRoleCan(team.role, 'manageMembers') ? <TeamSettingsCard team={team} /> : null}
          {teamRoleCan(team.role, 'manageMembers') ? <TeamActivityCard teamId={team.id} /> : null}
        </>
      )}
    </main>
  );
}
