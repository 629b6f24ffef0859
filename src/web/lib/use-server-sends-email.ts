import { useQuery } from '@tanstack/react-query';

/** Whether this server sends account email (`GET /api/site`); false while unknown or unreachable. */
export async function serverSendsEmail(): Promise<boolean> {
  const response = await fetch('/api/site', { credentials: 'include' }).catch(() => null);
  if (!response?.ok) return false;
  const body = (await response.json().catch(() => ({}))) as { accountEmails?: unknown };
  return body.accountEmails === true;
}

/** `undefined` until the server has answered, so a page can wait rather than guess. */
export function useServerSendsEmail(): boolean | undefined {
  return useQuery({
    queryKey: ['server-sends-email'],
    queryFn: serverSendsEmail,
    staleTime: 300_000,
  }).data;
}
