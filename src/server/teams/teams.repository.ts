import { and, asc, eq, sql } from 'drizzle-orm';
import type { TeamRole } from '../../core/api/team-values.js';
import type { Database } from '../db/database.js';
import { teamMembers, teams, user } from '../db/schema.js';

export interface TeamSummary {
  id: string;
  name: string;
  role: TeamRole;
  memberCount: number;
}

/** PostgreSQL's count is a bigint, which the drivers hand over as a string. */
const MEMBER_COUNT = sql<string>`(select count(*) from ${teamMembers} as counted where counted.team_id = ${teams.id})`;

/** The user's teams with their role, by name. */
export async function listTeamsOfUser(db: Database, userId: string): Promise<TeamSummary[]> {
  const rows = await db
    .select({
      id: teams.id,
      name: teams.name,
      role: teamMembers.role,
      memberCount: MEMBER_COUNT,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(sql`lower(${teams.name})`, asc(teams.id));
  return rows.map((row) => ({ ...row, memberCount: Number(row.memberCount) }));
}

export async function findTeamName(db: Database, teamId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ name: teams.name })
    .from(teams)
    .where(eq(teams.id, teamId))
    .limit(1);
  return row?.name;
}

export interface TeamMemberRow {
  userId: string;
  name: string;
  email: string;
  role: TeamRole;
  joinedAt: Date;
}

const ROLE_ORDER = sql`case ${teamMembers.role} when 'owner' then 0 when 'admin' then 1 when 'editor' then 2 else 3 end`;

/** The team's members, the owner first, then by role and name. */
export async function listTeamMembers(db: Database, teamId: string): Promise<TeamMemberRow[]> {
  return db
    .select({
      userId: teamMembers.userId,
      name: user.name,
      email: user.email,
      role: teamMembers.role,
      joinedAt: teamMembers.joinedAt,
    })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(ROLE_ORDER, sql`lower(${user.name})`, asc(teamMembers.userId));
}

/** Whether an account with this address (any case) is in the team. */
export async function isEmailInTeam(db: Database, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), sql`lower(${user.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return row !== undefined;
}
