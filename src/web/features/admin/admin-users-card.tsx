import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AdminUser } from '../../../core/api/admin';
import { formatDate } from '../../../core/format/format-date';
import { formatFileSize } from '../../../core/format/format-file-size';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { Input, Label } from '../../components/ui/input';
import { HttpError } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { toast } from '../toasts/toast-store';
import {
  actOnAccount,
  ADMIN_ACTIONS_KEY,
  ADMIN_USERS_KEY,
  adminUsersKey,
  fetchAdminUsers,
  type AccountAction,
} from './admin-api';

const DONE: Record<AccountAction, string> = {
  disable: 'Account disabled: its sessions and API keys have stopped.',
  enable: 'Account enabled: it can sign in again.',
  'grant-pro': 'Pro granted.',
  'remove-pro': 'Granted Pro removed.',
};

/** The columns on wide screens; on a phone each account is a small card with labelled values. */
const ROW =
  'grid gap-x-4 gap-y-1 lg:grid-cols-[minmax(0,2.2fr)_6rem_7rem_6rem_7rem_7rem_minmax(0,1.6fr)] lg:items-center';

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="text-sm text-slate-700">
      <span className="text-slate-500 lg:hidden">{label}: </span>
      {children}
    </div>
  );
}

function UserRow({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const act = useMutation({
    mutationFn: (action: AccountAction) => actOnAccount(user.id, action),
    onSuccess: (_result, action) => {
      toast({ title: DONE[action] });
      setConfirming(false);
      void queryClient.invalidateQueries({ queryKey: [ADMIN_USERS_KEY] });
      void queryClient.invalidateQueries({ queryKey: ADMIN_ACTIONS_KEY });
    },
    onError: (error) =>
      toast({
        title: 'That did not work',
        description:
          error instanceof HttpError ? (error.serverMessage ?? error.message) : String(error),
        variant: 'destructive',
      }),
  });
  const disabled = user.disabledAt !== null;
  const granted = user.proSource === 'grant' || user.proSource === 'both';
  return (
    <li className={`${ROW} border-t border-slate-200 py-3`}>
      <div className="min-w-0">
        <p className="truncate font-medium text-slate-900">
          {user.name} {disabled ? <Badge tone="neutral">Disabled</Badge> : null}
          {user.deleted ? <Badge tone="neutral">Deleted</Badge> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{user.email}</p>
      </div>
      <Cell label="Plan">
        {user.plan === 'pro' ? <Badge>Pro</Badge> : 'Free'}
        {granted ? (
          <span className="block text-xs text-slate-500" title={user.grantedBy ?? ''}>
            granted by {user.grantedBy}
          </span>
        ) : null}
      </Cell>
      <Cell label="This month">{user.transcriptionsThisMonth} transcriptions</Cell>
      <Cell label="Storage">{formatFileSize(user.storageBytes)}</Cell>
      <Cell label="Last sign-in">
        {user.lastSignInAt ? formatDate(user.lastSignInAt) : 'never'}
      </Cell>
      <Cell label="Created">{formatDate(user.createdAt)}</Cell>
      <div className="mt-2 flex flex-wrap gap-2 lg:mt-0 lg:justify-end">
        {user.deleted ? null : disabled ? (
          <Button variant="outline" disabled={act.isPending} onClick={() => act.mutate('enable')}>
            Enable
          </Button>
        ) : confirming ? (
          <>
            <Button
              variant="destructive"
              disabled={act.isPending}
              onClick={() => act.mutate('disable')}
            >
              Disable {user.email}
            </Button>
            <Button variant="ghost" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </>
        ) : (
          <Button variant="outline" onClick={() => setConfirming(true)}>
            Disable
          </Button>
        )}
        {user.deleted ? null : granted ? (
          <Button
            variant="outline"
            disabled={act.isPending}
            onClick={() => act.mutate('remove-pro')}
          >
            Remove Pro
          </Button>
        ) : (
          <Button
            variant="outline"
            disabled={act.isPending}
            onClick={() => act.mutate('grant-pro')}
          >
            Grant Pro
          </Button>
        )}
      </div>
    </li>
  );
}

export function AdminUsersCard() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const settled = useDebouncedValue(search, 300);
  const users = useQuery({
    queryKey: adminUsersKey(page, settled),
    queryFn: () => fetchAdminUsers(page, settled),
    placeholderData: keepPreviousData,
  });
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Users</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="max-w-md">
          <Label htmlFor="admin-user-search">Search by name or email</Label>
          <Input
            id="admin-user-search"
            type="search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
          />
        </div>
        {users.isError ? (
          <p role="alert" className="text-sm text-red-700">
            The accounts could not be loaded.
          </p>
        ) : null}
        {data ? (
          <>
            <p className="text-sm text-slate-600" aria-live="polite">
              {data.total === 1 ? '1 account' : `${data.total} accounts`}
              {settled.trim() ? ` matching “${settled.trim()}”` : ''}
            </p>
            <div
              aria-hidden="true"
              className={`${ROW} hidden text-xs font-medium tracking-wide text-slate-500 uppercase lg:grid`}
            >
              <span>Account</span>
              <span>Plan</span>
              <span>This month</span>
              <span>Storage</span>
              <span>Last sign-in</span>
              <span>Created</span>
              <span className="text-right">Actions</span>
            </div>
            <ul aria-label="Accounts">
              {data.users.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </ul>
            {pages > 1 ? (
              <nav aria-label="Pages of accounts" className="flex items-center gap-3">
                <Button variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Previous
                </Button>
                <span className="text-sm text-slate-600">
                  Page {page} of {pages}
                </span>
                <Button
                  variant="outline"
                  disabled={page >= pages}
                  onClick={() => setPage(page + 1)}
                >
                  Next
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
