import type {
  AdminActions,
  AdminQueue,
  AdminSystem,
  AdminUsersPage,
} from '../../../core/api/admin';
import { apiRequest, getJson } from '../../lib/api-client';

export const ADMIN_SYSTEM_KEY = ['/api/admin/system'] as const;
export const ADMIN_QUEUE_KEY = ['/api/admin/queue'] as const;
export const ADMIN_ACTIONS_KEY = ['/api/admin/actions'] as const;
export const ADMIN_USERS_KEY = '/api/admin/users';

export function adminUsersKey(page: number, search: string) {
  return [ADMIN_USERS_KEY, { page, search }] as const;
}

export async function fetchAdminUsers(page: number, search: string): Promise<AdminUsersPage> {
  const query = new URLSearchParams({ page: String(page) });
  if (search.trim() !== '') query.set('search', search.trim());
  return (await getJson<AdminUsersPage>(
    `${ADMIN_USERS_KEY}?${query.toString()}`,
  )) as AdminUsersPage;
}

export async function fetchAdminSystem(): Promise<AdminSystem> {
  return (await getJson<AdminSystem>(ADMIN_SYSTEM_KEY[0])) as AdminSystem;
}

export async function fetchAdminQueue(): Promise<AdminQueue> {
  return (await getJson<AdminQueue>(ADMIN_QUEUE_KEY[0])) as AdminQueue;
}

export async function fetchAdminActions(): Promise<AdminActions> {
  return (await getJson<AdminActions>(ADMIN_ACTIONS_KEY[0])) as AdminActions;
}

export type AccountAction = 'disable' | 'enable' | 'grant-pro' | 'remove-pro';

export async function actOnAccount(userId: string, action: AccountAction): Promise<void> {
  const path = `/api/admin/users/${encodeURIComponent(userId)}`;
  if (action === 'disable') await apiRequest('POST', `${path}/disable`);
  else if (action === 'enable') await apiRequest('POST', `${path}/enable`);
  else if (action === 'grant-pro') await apiRequest('PUT', `${path}/pro`);
  else await apiRequest('DELETE', `${path}/pro`);
}

export async function retryJob(queue: string, id: string): Promise<void> {
  await apiRequest(
    'POST',
    `/api/admin/queue/${encodeURIComponent(queue)}/jobs/${encodeURIComponent(id)}/retry`,
  );
}
