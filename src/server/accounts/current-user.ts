import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error.js';
import type { Auth } from './auth.js';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
}

/** The request's headers as better-auth's API takes them (cookies included). */
export function toAuthHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return headers;
}

export async function findSessionUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser | null> {
  const session = await auth.api.getSession({ headers: toAuthHeaders(request) });
  if (!session) return null;
  const { id, name, email, image } = session.user;
  return { id, name, email, image: image ?? null };
}

export async function requireSessionUser(
  auth: Auth,
  request: FastifyRequest,
): Promise<SessionUser> {
  const user = await findSessionUser(auth, request);
  if (!user) throw new AppError('unauthenticated', 'Unauthorized');
  return user;
}
