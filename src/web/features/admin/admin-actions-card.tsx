import { useQuery } from '@tanstack/react-query';
import type { AdminAction } from '../../../core/api/admin';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { ADMIN_ACTIONS_KEY, fetchAdminActions } from './admin-api';

const VERBS: Record<AdminAction['action'], string> = {
  'disable-account': 'disabled',
  'enable-account': 'enabled',
  'grant-pro': 'granted Pro to',
  'remove-pro': 'removed Pro from',
  'retry-job': 'retried job',
};

/** What admins did, newest first (append-only on the server). */
export function AdminActionsCard() {
  const actions = useQuery({ queryKey: ADMIN_ACTIONS_KEY, queryFn: fetchAdminActions });
  const list = actions.data?.actions ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin actions</CardTitle>
      </CardHeader>
      <CardContent>
        {list.length === 0 ? (
          <p className="text-sm text-slate-600">No admin has acted yet.</p>
        ) : (
          <ul aria-label="Admin actions" className="space-y-1 text-sm text-slate-700">
            {list.map((action) => (
              <li key={action.id} className="break-words">
                <span className="text-slate-500">{new Date(action.at).toLocaleString()}</span>{' '}
                {action.adminEmail} {VERBS[action.action]}{' '}
                {action.targetEmail ?? action.targetUserId ?? action.targetJobId}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
