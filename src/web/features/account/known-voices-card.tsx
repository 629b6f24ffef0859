import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { KnownVoiceDto, KnownVoicesDto, VoicePreferences } from '../../../core/api/voices';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { FieldError, Input, Label } from '../../components/ui/input';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import {
  forgetAllVoices,
  forgetVoice,
  KNOWN_VOICES_KEY,
  renameVoice,
  saveVoicePreferences,
  VOICE_PREFERENCES_KEY,
} from './voices-api';

const messageOf = (error: unknown) =>
  (error instanceof HttpError ? error.serverMessage : undefined) ?? 'Please try again later.';

function RenameVoiceForm({ voice, onDone }: { voice: KnownVoiceDto; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(voice.name);
  const rename = useMutation({
    mutationFn: renameVoice,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: KNOWN_VOICES_KEY });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rename.mutate({ id: voice.id, name });
  };
  const fieldId = `voice-name-${voice.id}`;
  return (
    <form onSubmit={submit} className="space-y-1">
      <Label htmlFor={fieldId}>New name for {voice.name}</Label>
      <div className="flex gap-2">
        <Input
          id={fieldId}
          value={name}
          autoFocus
          aria-describedby={`${fieldId}-error`}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && onDone()}
        />
        <Button type="submit" size="sm" disabled={rename.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
      <FieldError
        id={`${fieldId}-error`}
        message={rename.isError ? messageOf(rename.error) : undefined}
      />
    </form>
  );
}

/**
 * Known voices (issue 26): off unless chosen. When on, a speaker the user names is remembered and
 * named in later recordings; the list shows each voice with its recordings, to rename or forget.
 */
export function KnownVoicesCard() {
  const queryClient = useQueryClient();
  const preferences = useQuery<VoicePreferences>({ queryKey: VOICE_PREFERENCES_KEY });
  const voices = useQuery<KnownVoicesDto>({ queryKey: KNOWN_VOICES_KEY, staleTime: 0 });
  const [renaming, setRenaming] = useState<string | null>(null);
  const [forgetting, setForgetting] = useState<KnownVoiceDto | 'all' | null>(null);
  const save = useMutation({
    mutationFn: saveVoicePreferences,
    onSuccess: (updated) => {
      queryClient.setQueryData(VOICE_PREFERENCES_KEY, updated);
      toast({
        title: 'Voice settings saved',
        description: updated.rememberVoices
          ? 'Speakers you name from now on will be recognised in your later recordings.'
          : 'Voices are no longer remembered or recognised.',
      });
    },
    onError: (error) =>
      toast({ title: 'Could not save', description: messageOf(error), variant: 'destructive' }),
  });
  const forget = useMutation({
    mutationFn: (target: KnownVoiceDto | 'all') =>
      target === 'all' ? forgetAllVoices() : forgetVoice(target.id),
    onSuccess: (_, target) => {
      setForgetting(null);
      void queryClient.invalidateQueries({ queryKey: KNOWN_VOICES_KEY });
      toast({
        title: target === 'all' ? 'All voices forgotten' : `“${target.name}” forgotten`,
        description: 'The voice data is deleted.',
      });
    },
    onError: (error) =>
      toast({ title: 'Could not forget', description: messageOf(error), variant: 'destructive' }),
  });
  const remembered = voices.data?.voices ?? [];
  return (
    <Card role="region" aria-labelledby="voices-card-title">
      <CardHeader>
        <CardTitle id="voices-card-title">Known voices</CardTitle>
        <CardDescription>
          When you name a speaker in a transcript, remember their voice and name them in your later
          recordings. Voice data stays in your account and is never shared or exported.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!preferences.data ? (
          <Spinner className="h-5 w-5" />
        ) : (
          <label className="flex items-center gap-3 text-sm text-slate-900">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={preferences.data.rememberVoices}
              disabled={save.isPending}
              onChange={(event) => save.mutate(event.target.checked)}
            />
            Remember voices I name
          </label>
        )}
        {preferences.data && !preferences.data.rememberVoices && remembered.length > 0 && (
          <p className="text-sm text-slate-500">
            Off: the voices below are not used. Forget them to delete their data.
          </p>
        )}
        {voices.isError && <p className="text-sm text-red-600">{messageOf(voices.error)}</p>}
        {voices.data && remembered.length === 0 && (
          <p className="text-sm text-slate-500">No voices remembered.</p>
        )}
        <ul className="divide-y divide-slate-200" aria-label="Remembered voices">
          {remembered.map((voice) => (
            <li key={voice.id} className="space-y-2 py-2 text-sm">
              {renaming === voice.id ? (
                <RenameVoiceForm voice={voice} onDone={() => setRenaming(null)} />
              ) : (
                <div className="flex items-start justify-between gap-4">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{voice.name}</p>
                    <p className="text-slate-500">
                      Learnt from{' '}
                      {voice.recordings.map((recording, index) => (
                        <span key={recording.id}>
                          {index > 0 && ', '}
                          <Link
                            href={`/transcription/${recording.id}`}
                            className="text-brand-700 underline"
                          >
                            {recording.filename}
                          </Link>
                        </span>
                      ))}
                    </p>
                  </div>
                  <div className="flex shrink-0 gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Rename ${voice.name}`}
                      onClick={() => setRenaming(voice.id)}
                    >
                      Rename
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Forget ${voice.name}`}
                      onClick={() => setForgetting(voice)}
                    >
                      Forget
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ul>
        {remembered.length > 1 && (
          <Button variant="outline" size="sm" onClick={() => setForgetting('all')}>
            Forget all voices
          </Button>
        )}
        <ConfirmDialog
          open={forgetting !== null}
          onOpenChange={(open) => !open && setForgetting(null)}
          title={
            forgetting === 'all' ? 'Forget every voice?' : `Forget “${forgetting?.name ?? ''}”?`
          }
          confirmLabel="Forget"
          busy={forget.isPending}
          onConfirm={() => forgetting && forget.mutate(forgetting)}
        >
          <p>
            The voice data is deleted and later recordings are no longer named after it. Names
            already in your transcripts stay.
          </p>
        </ConfirmDialog>
      </CardContent>
    </Card>
  );
}
