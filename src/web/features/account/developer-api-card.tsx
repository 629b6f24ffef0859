import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
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
import { apiExamples } from './api-examples';
import type { ApiKeyDto, CreatedApiKeyDto } from '../../../core/api/api-keys';
import { API_KEYS_KEY, createApiKey, revokeApiKey } from './api-keys-api';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';

const messageOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? 'Please try again later.';

const dateOf = (iso: string) => new Date(iso).toLocaleDateString();

function Example({ title, code }: { title: string; code: string }) {
  return (
    <div>
      <div className="mb-1 flex items-center justify-between">
        <h3 className="text-sm font-medium text-slate-700">{title}</h3>
        <CopyButton text={() => code} label={`Copy ${title}`} size="sm" variant="ghost" />
      </div>
      {/* Focusable so a keyboard can scroll a line wider than the card. */}
      <pre
        tabIndex={0}
        className="overflow-x-auto rounded-md bg-slate-900 p-3 text-xs text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}

/** API keys (create, copy once, revoke) and examples that work against this very server. */
export function DeveloperApiCard() {
  const queryClient = useQueryClient();
  const keys = useQuery<ApiKeyDto[]>({ queryKey: API_KEYS_KEY, staleTime: 0 });
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const creation = useMutation({
    mutationFn: createApiKey,
    onSuccess: (key) => {
      setCreated(key);
      setName('');
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
  });
  const revocation = useMutation({
    mutationFn: revokeApiKey,
    onSuccess: (_, id) => {
      setRevoking(null);
      if (created?.id === id) setCreated(null);
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
      toast({ title: 'API key revoked', description: 'It stops working at once.' });
    },
    onError: (error) =>
      toast({ title: 'Key not revoked', description: messageOf(error), variant: 'destructive' }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    creation.mutate(name.trim());
  };
  const serverUrl = window.location.origin;
  const examples = apiExamples(serverUrl, created?.key ?? 'YOUR_API_KEY');

  return (
    <Card role="region" aria-labelledby="developer-api-title">
      <CardHeader>
        <CardTitle id="developer-api-title">Developer API</CardTitle>
        <CardDescription>
          Tools written for OpenAI’s audio API work with Sonoscript: use the base URL{' '}
          <code className="rounded bg-slate-100 px-1">{serverUrl}/v1</code> and one of your keys.
          Every transcript made this way is in your library too, and your plan’s limits apply.{' '}
          <a className="text-brand-700 underline" href="/docs/api/">
            API reference
          </a>
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <Label htmlFor="api-key-name">Key name</Label>
            <Input
              id="api-key-name"
              value={name}
              maxLength={100}
              placeholder="e.g. Laptop script"
              onChange={(event) => setName(event.target.value)}
              aria-invalid={creation.isError}
              aria-describedby="api-key-name-error"
            />
          </div>
          <Button type="submit" disabled={creation.isPending || name.trim() === ''}>
            Create key
          </Button>
        </form>
        <FieldError
          id="api-key-name-error"
          message={creation.isError ? messageOf(creation.error) : undefined}
        />

        {created && (
          <div role="status" className="rounded-md border border-green-300 bg-green-50 p-3">
            <p className="text-sm font-medium text-green-900">
              Your new key “{created.name}”. Copy it now: it is shown only this once.
            </p>
            <div className="mt-2 flex items-center gap-2">
              <code
                data-testid="new-api-key"
                className="flex-1 overflow-x-auto rounded bg-white px-2 py-1 text-xs"
              >
                {created.key}
              </code>
              <CopyButton text={() => created.key} label="Copy key" size="sm" />
            </div>
          </div>
        )}

        <div>
          <h3 className="mb-2 text-sm font-medium text-slate-700">Your keys</h3>
          {keys.data && keys.data.length === 0 && (
            <p className="text-sm text-slate-500">No API keys yet.</p>
          )}
          {keys.isError && <p className="text-sm text-red-600">{messageOf(keys.error)}</p>}
          <ul className="divide-y divide-slate-200">
            {keys.data?.map((key) => (
              <li key={key.id} className="flex items-center justify-between gap-4 py-2 text-sm">
                <div>
                  <p className="font-medium text-slate-900">{key.name}</p>
                  <p className="text-slate-500">
                    <code>{key.prefix}…</code> · created {dateOf(key.createdAt)} ·{' '}
                    {key.lastUsedAt ? `last used ${dateOf(key.lastUsedAt)}` : 'never used'}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Revoke ${key.name}`}
                  onClick={() => setRevoking(key)}
                >
                  Revoke
                </Button>
              </li>
            ))}
          </ul>
        </div>

        <Example title="curl" code={examples.curl} />
        <Example title="OpenAI SDK (Node.js)" code={examples.openai} />

        <ConfirmDialog
          open={revoking !== null}
          onOpenChange={(open) => !open && setRevoking(null)}
          title={`Revoke “${revoking?.name ?? ''}”?`}
          confirmLabel="Revoke key"
          busy={revocation.isPending}
          onConfirm={() => revoking && revocation.mutate(revoking.id)}
        >
          <p>Scripts using this key stop working at once. This cannot be undone.</p>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
