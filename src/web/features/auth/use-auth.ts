import { useQuery } from '@tanstack/react-query';
import type { AuthStatus, CurrentUser } from '../../../core/api/account';
import { getJson } from '../../lib/api-client';

export const AUTH_STATUS_KEY = ['/api/auth/status'] as const;
export const CURRENT_USER_KEY = ['/api/auth/user'] as const;
const AUTH_POLL_MS = 30_000;

export interface AuthState {
  isLoading: boolean;
  isAuthenticated: boolean;
  user: CurrentUser | null;
}

/** Status first, then the user once the status says signed in; both polled every 30 s. */
export function useAuth(): AuthState {
  const status = useQuery({
    queryKey: AUTH_STATUS_KEY,
    queryFn: () => getJson<AuthStatus>(AUTH_STATUS_KEY[0]),
    refetchInterval: AUTH_POLL_MS,
  });
  const statusSaysAuthenticated = status.data?.isAuthenticated === true;
  const user = useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => getJson<CurrentUser>(CURRENT_USER_KEY[0], { on401: 'returnNull' }),
    enabled: statusSaysAuthenticated,
    refetchInterval: AUTH_POLL_MS,
  });
  const currentUser = statusSaysAuthenticated ? (user.data ?? null) : null;
  return {
    isLoading: status.isLoading || (statusSaysAuthenticated && user.isLoading),
    isAuthenticated: statusSaysAuthenticated || currentUser !== null,
    user: currentUser,
  };
}
