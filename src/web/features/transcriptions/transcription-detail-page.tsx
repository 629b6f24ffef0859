import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'wouter';
import { MESSAGES } from '../../../core/messages';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { TranscriptionDetails } from './transcription-details';
import { TranscriptionNotFound } from './transcription-not-found';
import { useJobEndNotice } from './live/use-job-end-notice';
import { useLiveTranscription } from './live/use-live-transcription';
import { useSavedVersions } from './live/use-saved-versions';
import { accessAllows } from '../../../core/teams/transcription-access';
import { transcriptionKey } from '../transcription-data/transcription-queries';

const [notFoundTitle = '', notFoundText = ''] = MESSAGES.notFoundTranscription.split(/(?<=\.) /);

/** /transcription/:id: the transcript, or the spec's not-found text for a missing or foreign id. */
export default function TranscriptionDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const transcription = useLiveTranscription(id);
  const queryClient = useQueryClient();
  // Bumped by "Reload transcript" after a conflict: the details start again from the server's copy.
  const [loaded, setLoaded] = useState(0);
  const reload = () =>
    void queryClient
      .refetchQueries({ queryKey: transcriptionKey(id), exact: true })
      .then(() => setLoaded((count) => count + 1));
  useDocumentTitle(transcription.data?.filename ?? 'Transcription');
  // A reader who cannot edit follows the editors' saved versions as they come.
  useSavedVersions(
    id,
    transcription.data?.version ?? 0,
    transcription.data?.status === 'completed' && !accessAllows(transcription.data.access, 'edit'),
    reload,
  );
  useJobEndNotice({
    status: transcription.data?.status,
    filename: transcription.data?.filename ?? '',
  });

  if (transcription.isPending) {
    return (
      <div className="flex min-h-[60vh] items-center justify-center">
        <Spinner className="h-8 w-8" label="Loading transcription" />
      </div>
    );
  }
  if (transcription.isError) {
    const missing = transcription.error instanceof HttpError && transcription.error.status === 404;
    return missing ? (
      <TranscriptionNotFound title={notFoundTitle} message={notFoundText} />
    ) : (
      <TranscriptionNotFound title="Error loading transcription" message={MESSAGES.listError} />
    );
  }
  // A new working copy when the transcript finishes (its segments arrive) or is reloaded.
  return (
    <TranscriptionDetails
      key={`${id}:${transcription.data.status}:${loaded}`}
      transcription={transcription.data}
      onReload={reload}
    />
  );
}
