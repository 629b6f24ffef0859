import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { ADMIN_ACTIONS_KEY, ADMIN_QUEUE_KEY, fetchAdminQueue, retryJob } from './admin-api';

export function AdminQueueCard() {
  const queryClient = useQueryClient();
  const queue = useQuery({
    queryKey: ADMIN_QUEUE_KEY,
    queryFn: fetchAdminQueue,
    refetchInterval: 10_000,
  });
  const retry = useMutation({
    mutationFn: ({ name, id }: { name: string; id: string }) => retryJob(name, id),
    onSuccess: () => {
      toast({ title: 'The job is queued again.' });
      void queryClient.invalidateQueries({ queryKey: ADMIN_QUEUE_KEY });
      void queryClient.invalidateQueries({ queryKey: ADMIN_ACTIONS_KEY });
    },
    onError: (error) =>
      toast({
        title: 'The job could not be retried',
        description:
          error instanceof HttpError ? (error.serverMessage ?? error.message) : String(error),
        variant: 'destructive',
      }),
  });
  const data = queue.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Queue</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {data && data.queues.length === 0 ? (
          <p className="text-sm text-slate-600">No job is waiting, running or failed.</p>
        ) : null}
        {data && data.queues.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="text-xs text-slate-500 uppercase">
                <tr>
                  <th className="py-1 pr-4 font-medium">Queue</th>
                  <th className="py-1 pr-4 font-medium">Waiting</th>
                  <th className="py-1 pr-4 font-medium">Active</th>
                  <th className="py-1 font-medium">Failed</th>
                </tr>
              </thead>
              <tbody>
                {data.queues.map((row) => (
                  <tr key={row.name} className="border-t border-slate-200">
                    <td className="py-2 pr-4 font-medium text-slate-900">{row.name}</td>
                    <td className="py-2 pr-4">{row.waiting}</td>
                    <td className="py-2 pr-4">{row.active}</td>
                    <td className="py-2">{row.failed}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {data && data.failed.length > 0 ? (
          <div>
            <h3 className="text-sm font-semibold text-slate-900">Failed jobs</h3>
            <ul className="mt-2 space-y-2">
              {data.failed.map((job) => (
                <li
                  key={`${job.queue}/${job.id}`}
                  className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-medium text-slate-900">
                      {job.queue}{' '}
                      <span className="font-normal text-slate-500">
                        {job.failedAt ? new Date(job.failedAt).toLocaleString() : ''} · attempts{' '}
                        {job.attempts}
                      </span>
                    </p>
                    <p className="break-words text-slate-700">{job.reason}</p>
                  </div>
                  <Button
                    variant="outline"
                    className="shrink-0"
                    disabled={retry.isPending}
                    onClick={() => retry.mutate({ name: job.queue, id: job.id })}
                  >
                    Retry
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
