import { z } from 'zod';
import { apiErrorSchema } from '../../core/api/common.js';
import { SESSION_OR_KEY_SECURITY } from '../http/api-schemas.js';

/** The answer of a removal: 204 and no body. */
export const NO_CONTENT = z.string().max(0).describe('Empty: done.');

/** Every team route takes the session or an API key: a key acts as its user, with their roles. */
export const TEAMS_TAG = { tags: ['Teams'], security: SESSION_OR_KEY_SECURITY };

export const TEAM_ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
};
