import { useParams } from 'wouter';
import { MESSAGES } from '../../../core/messages';
import { useDocumentTitle } from '../../app/use-document-title';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { TranscriptionDetails } from './transcription-details';
import { TranscriptionNotFound } from './transcription-not-found';
import { useTranscription } from './transcription-queries';

const [notFoundTitle = '', notFoundText = ''] = MESSAGES.notFoundTranscription.split(/(?<=\.) /);

/** /transcription/:id: the transcript, or the spec's not-found text for a missing or foreign id. */
export default function TranscriptionDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const transcription = useTranscription(id);
  useDocumentTitle(transcription.data?.filename ?? 'Transcription');

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
  return <TranscriptionDetails transcription={transcription.data} />;
}
