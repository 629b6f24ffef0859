import type { TeamRole } from '../../../core/api/team-values';
import type { CreatedInvitationDto, TeamDto, TeamMemberDto } from '../../../core/api/teams';
import { apiRequest, HttpError } from '../../lib/api-client';

export const TEAMS_KEY = ['/api/teams'] as const;
export const membersKey = (teamId: string) =>
  [`/api/teams/${encodeURIComponent(teamId)}/members`] as const;
export const invitationsKey = (teamId: string) =>
  [`/api/teams/${encodeURIComponent(teamId)}/invitations`] as const;
export const invitationKey = (token: string) =>
  [`/api/invitations/${encodeURIComponent(token)}`] as const;

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;

/** The server's own words for a refusal, or a general one. */
export const messageOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? 'Please try again later.';

export async function createTeam(name: string): Promise<TeamDto> {
  return (await apiRequest('POST', '/api/teams', { name })).json() as Promise<TeamDto>;
}

export async function renameTeam(teamId: string, name: string): Promise<TeamDto> {
  return (await apiRequest('PATCH', teamPath(teamId), { name })).json() as Promise<TeamDto>;
}

export async function deleteTeam(teamId: string): Promise<void> {
  await apiRequest('DELETE', teamPath(teamId));
}

export async function changeMemberRole(
  teamId: string,
  userId: string,
  role: TeamRole,
): Promise<TeamMemberDto> {
  const url = `${teamPath(teamId)}/members/${encodeURIComponent(userId)}`;
  return (await apiRequest('PATCH', url, { role })).json() as Promise<TeamMemberDto>;
}

export async function removeMember(teamId: string, userId: string): Promise<void> {
  await apiRequest('DELETE', `${teamPath(teamId)}/members/${encodeURIComponent(userId)}`);
}

export async function inviteMember(
  teamId: string,
  input: { email: string; role: string },
): Promise<CreatedInvitationDto> {
  const response = await apiRequest('POST', `${teamPath(teamId)}/invitations`, input);
  return (await response.json()) as CreatedInvitationDto;
}

export async function revokeInvitation(teamId: string, invitationId: string): Promise<void> {
  await apiRequest('DELETE', `${teamPath(teamId)}/invitations/${encodeURIComponent(invitationId)}`);
}

export async function acceptInvitation(token: string): Promise<TeamDto> {
  const response = await apiRequest('POST', `${invitationKey(token)[0]}/accept`);
  return (await response.json()) as TeamDto;
}
