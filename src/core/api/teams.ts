import { z } from 'zod';
import {
  INVITATION_ROLES,
  TEAM_NAME_MAX_LENGTH,
  TEAM_NAME_MESSAGE as TEAM_NAME_TEXT,
  TEAM_ROLES,
} from './team-values.js';

/** The teams, members and invitations contract (issue 33, docs/decisions/0087). */

const TEAM_NAME_MESSAGE = { error: TEAM_NAME_TEXT };
export const teamNameField = z
  .string(TEAM_NAME_MESSAGE)
  .trim()
  .min(1, TEAM_NAME_MESSAGE)
  .max(TEAM_NAME_MAX_LENGTH, TEAM_NAME_MESSAGE);

/** `POST /api/teams` and `PATCH /api/teams/:id`. */
export const teamNameBody = z.object({ name: teamNameField });

/** A team as the user sees it: with their own role in it. */
export const teamSchema = z
  .object({ id: z.string(), name: z.string(), role: z.enum(TEAM_ROLES) })
  .meta({ id: 'Team' });
export type TeamDto = z.infer<typeof teamSchema>;

/** An item of `GET /api/teams`. */
export const teamSummarySchema = teamSchema
  .extend({ memberCount: z.number().int() })
  .meta({ id: 'TeamSummary' });
export type TeamSummaryDto = z.infer<typeof teamSummarySchema>;

export const teamIdParams = z.object({ id: z.string().min(1).max(200) });
export const teamMemberParams = teamIdParams.extend({ userId: z.string().min(1).max(200) });
export const teamInvitationParams = teamIdParams.extend({
  invitationId: z.string().min(1).max(200),
});
export const invitationTokenParams = z.object({ token: z.string().min(1).max(200) });

/** An item of `GET /api/teams/:id/members`. */
export const teamMemberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(TEAM_ROLES),
    joinedAt: z.iso.datetime(),
  })
  .meta({ id: 'TeamMember' });
export type TeamMemberDto = z.infer<typeof teamMemberSchema>;

const ROLE_MESSAGE = { error: `Choose a role: ${TEAM_ROLES.join(', ')}.` };
/** `PATCH /api/teams/:id/members/:userId`: `owner` hands ownership over. */
export const memberRoleBody = z.object({ role: z.enum(TEAM_ROLES, ROLE_MESSAGE) });

const EMAIL_MESSAGE = { error: 'Please enter a valid email address.' };
const INVITATION_ROLE_MESSAGE = {
  error: `Invite as ${INVITATION_ROLES.join(', ')}: ownership is handed over, never invited.`,
};
/** `POST /api/teams/:id/invitations`. */
export const createInvitationBody = z.object({
  email: z.string(EMAIL_MESSAGE).trim().pipe(z.email(EMAIL_MESSAGE).max(254, EMAIL_MESSAGE)),
  role: z.enum(INVITATION_ROLES, INVITATION_ROLE_MESSAGE),
});

/** A pending invitation, as `GET /api/teams/:id/invitations` lists it. */
export const teamInvitationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    role: z.enum(INVITATION_ROLES),
    invitedBy: z
      .string()
      .nullable()
      .describe('The inviter’s name; null once their account is gone.'),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'TeamInvitation' });
export type TeamInvitationDto = z.infer<typeof teamInvitationSchema>;

/** `POST /api/teams/:id/invitations`: the only answer that holds the link. */
export const createdInvitationSchema = z
  .object({
    id: z.string(),
    url: z.string().describe('The one-time link, `<BASE_URL>/invitations/<token>`.'),
    email: z.string(),
    role: z.enum(INVITATION_ROLES),
    expiresAt: z.iso.datetime(),
    emailed: z
      .boolean()
      .describe('True when the link went out by email; false without SMTP: pass the link on.'),
  })
  .meta({ id: 'CreatedTeamInvitation' });
export type CreatedInvitationDto = z.infer<typeof createdInvitationSchema>;

/** `GET /api/invitations/:token`: what the accept page shows before joining. */
export const invitationPreviewSchema = z
  .object({
    teamName: z.string(),
    invitedBy: z.string().nullable(),
    email: z.string().describe('The address the invitation is for: only its account may join.'),
    role: z.enum(INVITATION_ROLES),
    expiresAt: z.iso.datetime(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreviewDto = z.infer<typeof invitationPreviewSchema>;
