import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import type { TeamRole } from '../../../core/api/team-values';

/** A team the user is in, as `GET /api/teams` lists it. */
export interface TeamSummary {
  id: string;
  name: string;
  role: TeamRole;
}

/**
 * The library the dashboard shows: a team's (`?team=<id>` in the address, so a link or a reload
 * keeps it) or, without one, the user's own. The list, search, uploads and recordings follow it.
 */
export function useSelectedTeam(): string | null {
  const team = new URLSearchParams(useSearch()).get('team');
  return team === null || team === '' ? null : team;
}

export const TEAMS_KEY = ['/api/teams'] as const;

/** The user's teams; none when the server has no teams or cannot say (the switcher then hides). */
export function useTeams(): TeamSummary[] {
  const teams = useQuery<TeamSummary[]>({
    queryKey: TEAMS_KEY,
    queryFn: async () => {
      const response = await fetch('/api/teams', { credentials: 'include' });
      if (!response.ok) return [];
      const body: unknown = await response.json();
      return Array.isArray(body) ? (body as TeamSummary[]) : [];
    },
    staleTime: 60_000,
  });
  return teams.data ?? [];
}

/** The uploads form field and the list's query parameter naming the library. */
export function teamQuery(team: string | null): string {
  return team === null ? '' : `team=${encodeURIComponent(team)}`;
}
