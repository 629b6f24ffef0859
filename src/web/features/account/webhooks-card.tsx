import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  type CreatedWebhookDto,
  WEBHOOK_EVENTS,
  type WebhookDto,
  type WebhookEvent,
} from '../../../core/api/webhooks';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { HttpError } from '../../lib/api-client';
import { CopyButton } from '../clipboard/copy-button';
import { toast } from '../toasts/toast-store';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { WebhookDeliveries } from './webhook-deliveries';
import {
  createWebhook,
  deleteWebhook,
  deliveriesKey,
  sendTestEvent,
  webhooksKey,
} from './webhooks-api';

const messageOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? 'Please try again later.';

/**
 * Endpoints told when a transcription completes, fails or is deleted, signed per Standard Webhooks:
 * the user's own (Settings), or with `team` the team's (the team page, for its owner and admins).
 */
export function WebhooksCard({ team }: { team?: string } = {}) {
  const queryClient = useQueryClient();
  const listKey = webhooksKey(team);
  const endpoints = useQuery<WebhookDto[]>({ queryKey: listKey, staleTime: 0 });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS]);
  const [created, setCreated] = useState<CreatedWebhookDto | null>(null);
  const [deleting, setDeleting] = useState<WebhookDto | null>(null);
  const [shown, setShown] = useState<string | null>(null);

  const creation = useMutation({
    mutationFn: createWebhook,
    onSuccess: (endpoint) => {
      setCreated(endpoint);
      setUrl('');
      setShown(endpoint.id);
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });
  const removal = useMutation({
    mutationFn: deleteWebhook,
    onSuccess: (_, id) => {
      setDeleting(null);
      if (created?.id === id) setCreated(null);
      void queryClient.invalidateQueries({ queryKey: listKey });
      toast({ title: 'Endpoint deleted', description: 'It is sent nothing more.' });
    },
    onError: (error) =>
      toast({
        title: 'Endpoint not deleted',
        description: messageOf(error),
        variant: 'destructive',
      }),
  });
  const test = useMutation({
    mutationFn: sendTestEvent,
    onSuccess: (_, id) => {
      setShown(id);
      void queryClient.invalidateQueries({ queryKey: deliveriesKey(id) });
      toast({
        title: 'Test event sent',
        description: 'Its delivery is listed under the endpoint.',
      });
    },
    onError: (error) =>
      toast({
        title: 'Test event not sent',
        description: messageOf(error),
        variant: 'destructive',
      }),
  });

  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) =>
      on
        ? WEBHOOK_EVENTS.filter((e) => e === event || current.includes(e))
        : current.filter((e) => e !== event),
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    creation.mutate({ url: url.trim(), events, ...(team === undefined ? {} : { team }) });
  };

  return (
    <Card role="region" aria-labelledby="webhooks-title">
      <CardHeader>
        <CardTitle id="webhooks-title">Webhooks</CardTitle>
        <CardDescription>
          {team === undefined
            ? 'Your server is told when a transcription in your own library completes, fails or is deleted.'
            : 'Your server is told when a transcription in the team’s library completes, fails or is deleted, whoever uploaded it.'}{' '}
          Each request is signed as{' '}
          <a className="text-brand-700 underline" href="https://www.standardwebhooks.com/">
            Standard Webhooks
          </a>{' '}
          describes, and retried for up to 24 hours until your server answers 2xx.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={submit} className="space-y-3">
          <div>
            <Label htmlFor="webhook-url">Endpoint URL</Label>
            <Input
              id="webhook-url"
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://example.com/hooks/sonoscript"
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={creation.isError}
              aria-describedby="webhook-url-error"
            />
          </div>
          <fieldset>
            <legend className="mb-1 text-sm font-medium text-slate-700">Events</legend>
            <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:gap-4">
              {WEBHOOK_EVENTS.map((event) => (
                <label key={event} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-0">
                  <input
                    type="checkbox"
                    className="h-4 w-4"
                    checked={events.includes(event)}
                    onChange={(change) => toggle(event, change.target.checked)}
                  />
                  <code>{event}</code>
                </label>
              ))}
            </div>
          </fieldset>
          <Button
            type="submit"
            disabled={creation.isPending || url.trim() === '' || events.length === 0}
          >
            Add endpoint
          </Button>
          <FieldError
            id="webhook-url-error"
            message={creation.isError ? messageOf(creation.error) : undefined}
          />
        </form>

        {created && (
          <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3">
            <p className="text-sm font-medium text-green-900">
              Endpoint added. Copy its signing secret now: it is shown only this once.
            </p>
            <div className="mt-2 flex items-center gap-2">
              <code
                data-testid="new-webhook-secret"
                className="min-w-0 flex-1 rounded bg-white px-2 py-1 text-xs break-all"
              >
                {created.secret}
              </code>
              <CopyButton text={() => created.secret} label="Copy secret" size="sm" />
            </div>
          </div>
        )}

        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-700">
            {team === undefined ? 'Your endpoints' : 'The team’s endpoints'}
          </h3>
          {endpoints.data && endpoints.data.length === 0 && (
            <p className="text-sm text-slate-500">No endpoints yet.</p>
          )}
          {endpoints.isError && (
            <p className="text-sm text-red-600">{messageOf(endpoints.error)}</p>
          )}
          <ul className="divide-y divide-slate-200">
            {endpoints.data?.map((endpoint) => (
              <li key={endpoint.id} className="space-y-2 py-3 text-sm">
                <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <p className="break-all font-medium text-slate-900">{endpoint.url}</p>
                    <p className="text-slate-500">{endpoint.events.join(', ')}</p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Send test event to ${endpoint.url}`}
                      disabled={test.isPending}
                      onClick={() => test.mutate(endpoint.id)}
                    >
                      Send test event
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={shown === endpoint.id}
                      onClick={() => setShown(shown === endpoint.id ? null : endpoint.id)}
                    >
                      Deliveries
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Delete ${endpoint.url}`}
                      onClick={() => setDeleting(endpoint)}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
                {shown === endpoint.id && (
                  <WebhookDeliveries endpointId={endpoint.id} label={endpoint.url} />
                )}
              </li>
            ))}
          </ul>
        </div>

        <ConfirmDialog
          open={deleting !== null}
          onOpenChange={(open) => !open && setDeleting(null)}
          title="Delete this endpoint?"
          confirmLabel="Delete endpoint"
          busy={removal.isPending}
          onConfirm={() => deleting && removal.mutate(deleting.id)}
        >
          <p>{deleting?.url} is sent nothing more, and its pending deliveries are dropped.</p>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
