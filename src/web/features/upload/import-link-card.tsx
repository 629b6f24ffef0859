import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { HttpError, throwIfNotOk } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { TRANSCRIPTIONS_KEY, USAGE_KEY } from '../transcription-data/transcription-queries';

async function importLink(url: string): Promise<TranscriptionDto> {
  const form = new FormData();
  form.append('url', url);
  const response = await fetch('/api/transcriptions', {
    method: 'POST',
    body: form,
    credentials: 'include',
  });
  await throwIfNotOk(response);
  return (await response.json()) as TranscriptionDto;
}

const messageOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ??
  'The link could not be imported. Please try again.';

/**
 * "From a link": the server fetches an audio or video file from a web address (a podcast
 * episode, a file share) and transcribes it like an upload. Refusals say why, under the field.
 */
export function ImportLinkCard() {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const importing = useMutation({
    mutationFn: importLink,
    onSuccess: (created) => {
      setUrl('');
      void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
      void queryClient.invalidateQueries({ queryKey: USAGE_KEY });
      toast({
        title: 'Link imported',
        description: `${created.filename} is queued for transcription.`,
      });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    importing.mutate(url.trim());
  };
  return (
    <Card role="region" aria-labelledby="import-link-title">
      <CardHeader>
        <CardTitle id="import-link-title" className="flex items-center gap-2">
          <Link2 className="h-5 w-5" aria-hidden="true" />
          From a link
        </CardTitle>
        <CardDescription>
          Paste the address of an audio or video file: the server fetches it, within your plan’s
          file size.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="min-w-0 flex-1">
            <Label htmlFor="import-link-url">Link to an audio or video file</Label>
            <Input
              id="import-link-url"
              type="url"
              inputMode="url"
              value={url}
              placeholder="https://example.com/episode.mp3"
              onChange={(event) => setUrl(event.target.value)}
              aria-invalid={importing.isError}
              aria-describedby="import-link-error"
            />
          </div>
          <Button type="submit" disabled={importing.isPending || url.trim() === ''}>
            {importing.isPending ? 'Importing…' : 'Import'}
          </Button>
        </form>
        <FieldError
          id="import-link-error"
          message={importing.isError ? messageOf(importing.error) : undefined}
        />
      </CardContent>
    </Card>
  );
}
