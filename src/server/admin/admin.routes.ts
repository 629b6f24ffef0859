import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  adminActionsSchema,
  adminJobParams,
  adminQueueSchema,
  adminSystemSchema,
  adminUsersPageSchema,
  adminUsersQuery,
} from '../../core/api/admin.js';
import { apiErrorSchema, idParams, okSchema } from '../../core/api/common.js';
import type { Auth } from '../accounts/auth.js';
import type { Database } from '../db/database.js';
import { AppError } from '../errors/app-error.js';
import { SESSION_SECURITY } from '../http/api-schemas.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { disableAccount, enableAccount } from './account-access.js';
import { findAdmin, notFoundLikeAnyPath } from './admin-access.js';
import { listAdminActions, recordAdminAction, type Admin } from './admin-actions.repository.js';
import { listUsersForAdmin } from './admin-users.repository.js';
import { grantPro, removePro } from './pro-grants.js';
import { queueOverview } from './queue-overview.js';
import { systemOverview, type SystemOverviewDeps } from './system-overview.js';

export interface AdminRoutesOptions {
  auth: Auth;
  db: Database;
  adminEmails: readonly string[];
  queue: JobQueue;
  paidStates: { changed(userId: string): Promise<void> };
  system: SystemOverviewDeps;
  /** The web app's page for /admin, and the 404 page any unknown path gets. */
  sendAppShell: (reply: FastifyReply) => Promise<void>;
  sendNotFoundPage: (reply: FastifyReply) => Promise<void>;
}

const ACTIONS_SHOWN = 100;
const FAILED_JOBS_SHOWN = 50;
const common = { tags: ['Admin'], security: SESSION_SECURITY };
/** Everyone but an admin gets the 404 of an unknown path: no 401, no 403. */
const refused = { 404: apiErrorSchema };

declare module 'fastify' {
  interface FastifyRequest {
    admin: Admin | null;
  }
}

function adminOf(request: FastifyRequest): Admin {
  if (!request.admin) throw notFoundLikeAnyPath(request);
  return request.admin;
}

/** `/admin` and `/api/admin/...`, for the accounts in ADMIN_EMAILS only. */
export async function adminRoutes(parent: FastifyInstance, options: AdminRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { db, auth, adminEmails } = options;
  app.decorateRequest('admin', null);
  // Before the body and the parameters are looked at: a stranger learns nothing from either.
  app.addHook('onRequest', async (request, reply) => {
    const admin = await findAdmin(auth, adminEmails, request);
    if (admin) {
      request.admin = admin;
      request.user = { id: admin.id, via: 'session' };
      return;
    }
    if (request.url.startsWith('/api/')) throw notFoundLikeAnyPath(request);
    await options.sendNotFoundPage(reply);
    return reply;
  });

  app.get('/admin', { schema: { hide: true } }, async (_request, reply) =>
    options.sendAppShell(reply),
  );

  app.get(
    '/api/admin/users',
    {
      schema: {
        ...common,
        summary: 'Accounts with plan, usage this month, storage and last sign-in (25 a page)',
        querystring: adminUsersQuery,
        response: { 200: adminUsersPageSchema, ...refused },
      },
    },
    async (request) => {
      adminOf(request);
      return listUsersForAdmin(db, request.query);
    },
  );

  const accountAction = (
    path: string,
    method: 'post' | 'delete' | 'put',
    summary: string,
    act: (admin: Admin, userId: string) => Promise<void>,
  ) =>
    app.route({
      method: method.toUpperCase() as 'POST' | 'DELETE' | 'PUT',
      url: path,
      schema: {
        ...common,
        summary,
        params: idParams,
        response: { 200: okSchema, 409: apiErrorSchema, ...refused },
      },
      handler: async (request: FastifyRequest<{ Params: z.infer<typeof idParams> }>) => {
        await act(adminOf(request), request.params.id);
        return { ok: true as const };
      },
    });

  const access = { db, sessions: auth.sessions };
  const grants = { db, paidStates: options.paidStates };
  accountAction(
    '/api/admin/users/:id/disable',
    'post',
    'Disable an account: no sign-in; its sessions and API keys stop at once',
    (admin, userId) => disableAccount(access, admin, userId),
  );
  accountAction(
    '/api/admin/users/:id/enable',
    'post',
    'Enable a disabled account',
    (admin, userId) => enableAccount(access, admin, userId),
  );
  accountAction(
    '/api/admin/users/:id/pro',
    'put',
    'Grant Pro (recorded with who granted it and when)',
    (admin, userId) => grantPro(grants, admin, userId),
  );
  accountAction(
    '/api/admin/users/:id/pro',
    'delete',
    'Remove a granted Pro (a paid subscription is untouched)',
    (admin, userId) => removePro(grants, admin, userId),
  );

  app.get(
    '/api/admin/queue',
    {
      schema: {
        ...common,
        summary: 'Jobs waiting, active and failed per queue, and the latest failures',
        response: { 200: adminQueueSchema, ...refused },
      },
    },
    async (request) => {
      adminOf(request);
      return queueOverview(options.queue, FAILED_JOBS_SHOWN);
    },
  );

  app.post(
    '/api/admin/queue/:queue/jobs/:id/retry',
    {
      schema: {
        ...common,
        summary: 'Run a failed job again',
        params: adminJobParams,
        response: { 200: okSchema, ...refused },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { queue, id } = request.params;
      if (!(await options.queue.retry(queue, id)))
        throw new AppError('not_found', 'No such failed job: it may have been retried already.');
      await recordAdminAction(db, admin, 'retry-job', { jobId: `${queue}/${id}` });
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/system',
    {
      schema: {
        ...common,
        summary: 'Workers and their engines, storage used, and whether whisper serves',
        response: { 200: adminSystemSchema, ...refused },
      },
    },
    async (request) => {
      adminOf(request);
      return systemOverview(options.system);
    },
  );

  app.get(
    '/api/admin/actions',
    {
      schema: {
        ...common,
        summary: 'The latest admin actions, newest first',
        response: { 200: adminActionsSchema, ...refused },
      },
    },
    async (request) => {
      adminOf(request);
      return { actions: await listAdminActions(db, ACTIONS_SHOWN) };
    },
  );
}
