import type { FastifyRequest } from 'fastify';
import { isAdminEmail } from '../accounts/admin-emails.js';
import type { Auth } from '../accounts/auth.js';
import { findSessionUser, mayUseSessionCache } from '../accounts/current-user.js';
import { AppError } from '../errors/app-error.js';
import { bearerKey } from '../http/bearer-key.js';
import type { Admin } from './admin-actions.repository.js';

/** What an unknown `/api` path answers (web-app.ts), so an admin route tells nobody it exists. */
export function notFoundLikeAnyPath(request: FastifyRequest): AppError {
  const trimmed = (request.url.split('?')[0] ?? '/').replace(/\/+$/, '');
  return new AppError('not_found', `Route ${request.method} ${trimmed || '/'} not found`);
}

/**
 * The signed-in admin, or null for everyone else: the signed out, other accounts, and every API
 * key, an admin's included (decision 0076: the console is a signed-in person's, and a key that
 * leaks must not reach it). A request that changes something is checked in the database.
 */
export async function findAdmin(
  auth: Auth,
  adminEmails: readonly string[],
  request: FastifyRequest,
): Promise<Admin | null> {
  if (adminEmails.length === 0 || bearerKey(request) !== undefined) return null;
  const user = await findSessionUser(auth, request, { fromMemory: mayUseSessionCache(request) });
  if (!user || !isAdminEmail(adminEmails, user.email)) return null;
  return { id: user.id, email: user.email.toLowerCase() };
}
