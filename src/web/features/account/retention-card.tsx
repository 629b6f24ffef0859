import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { RetentionBody, RetentionDto } from '../../../core/api/retention';
import { MESSAGES } from '../../../core/messages';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { apiRequest, HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';

const ACCOUNT_RETENTION = '/api/account/retention';

type Choice = 'keep' | 'audio' | 'transcript';

const CHOICES: Array<{ value: Choice; label: string }> = [
  { value: 'keep', label: 'Keep' },
  { value: 'audio', label: 'Delete recordings after N days, keep the text' },
  { value: 'transcript', label: 'Delete transcripts after N days' },
];

function choiceOf(retention: RetentionBody): Choice {
  if (retention.transcriptDays !== null) return 'transcript';
  if (retention.audioDays !== null) return 'audio';
  return 'keep';
}

function bodyOf(choice: Choice, days: number): RetentionBody {
  return {
    audioDays: choice === 'audio' ? days : null,
    transcriptDays: choice === 'transcript' ? days : null,
  };
}

interface RetentionCardProps {
  /** The account's setting by default; a team's is `/api/teams/:id/retention`. */
  url?: string;
  /** Members who may not change it (a team's editors and viewers) read it only. */
  canChange?: boolean;
}

/**
 * When recordings or whole transcripts are deleted, within the server's cap, for the account or
 * for a team (docs/decisions/0085).
 */
export function RetentionCard({ url = ACCOUNT_RETENTION, canChange = true }: RetentionCardProps) {
  const queryClient = useQueryClient();
  const queryKey = [url] as const;
  const retention = useQuery<RetentionDto>({ queryKey });
  const [choice, setChoice] = useState<Choice>('keep');
  const [days, setDays] = useState('30');
  useEffect(() => {
    if (!retention.data) return;
    setChoice(choiceOf(retention.data));
    const saved = retention.data.transcriptDays ?? retention.data.audioDays;
    if (saved !== null) setDays(String(saved));
  }, [retention.data]);
  const save = useMutation({
    mutationFn: async (body: RetentionBody) =>
      (await (await apiRequest('PUT', url, body)).json()) as RetentionDto,
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      toast({ title: 'Retention saved' });
    },
    onError: (error) =>
      toast({
        title: 'Could not save',
        description: (error instanceof HttpError && error.serverMessage) || MESSAGES.genericError,
        variant: 'destructive',
      }),
  });
  const maxDays = retention.data?.maxDays ?? null;
  const count = Number(days);
  const validDays = Number.isInteger(count) && count >= 1;

  return (
    <Card id="retention" role="region" aria-labelledby="retention-card-title">
      <CardHeader>
        <CardTitle id="retention-card-title">Retention</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(bodyOf(choice, count));
          }}
        >
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm text-slate-700">
              {url === ACCOUNT_RETENTION
                ? 'For your own transcriptions; those in a team follow the team’s setting.'
                : 'For every transcription in this team, whoever uploaded it.'}{' '}
              Counted from each upload. A daily job deletes what is due; a deleted transcript&apos;s
              share link stops at once.
              {canChange ? null : ' Only the team’s owner and admins can change it.'}
            </legend>
            {CHOICES.map((option) => (
              <label
                key={option.value}
                className="flex cursor-pointer items-center gap-3 text-sm text-slate-900 max-sm:min-h-11"
              >
                <input
                  type="radio"
                  name="retention"
                  className="h-4 w-4 accent-brand-600"
                  checked={choice === option.value}
                  disabled={!canChange}
                  onChange={() => setChoice(option.value)}
                />
                {option.label}
              </label>
            ))}
          </fieldset>
          {choice !== 'keep' ? (
            <label className="flex items-center gap-2 text-sm text-slate-700">
              <span>N (days)</span>
              <input
                type="number"
                min={1}
                max={maxDays ?? undefined}
                step={1}
                required
                disabled={!canChange}
                value={days}
                onChange={(event) => setDays(event.target.value)}
                className="h-10 w-28 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900"
              />
            </label>
          ) : null}
          {maxDays !== null ? (
            <p className="text-sm text-slate-600">
              This server keeps transcripts at most {maxDays} days after upload, whatever you
              choose.
            </p>
          ) : null}
          {canChange ? (
            <Button
              type="submit"
              disabled={retention.isPending || save.isPending || (choice !== 'keep' && !validDays)}
            >
              Save retention
            </Button>
          ) : null}
        </form>
      </CardContent>
    </Card>
  );
}
