import { ArrowLeft, Download } from 'lucide-react';
import { Link } from 'wouter';
import type { TranscriptionDto } from '../../../core/api-types';
import { formatDate } from '../../../core/format/format-date';
import { formatDuration } from '../../../core/format/format-duration';
import { formatFileSize } from '../../../core/format/format-file-size';
import { MESSAGES } from '../../../core/messages';
import { Alert } from '../../components/ui/alert';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { ShareButton } from '../sharing/share-dialog';
import { downloadTranscription } from './download-transcription';
import { TranscriptView } from './transcript-view';
import { isUnfinished } from './transcription-queries';
import { TranscriptionProgress } from './transcription-progress';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm font-medium text-slate-800">{value}</dd>
    </div>
  );
}

export function TranscriptionDetails({ transcription }: { transcription: TranscriptionDto }) {
  const completed = transcription.status === 'completed';
  return (
    <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <Link href="/" className={buttonClasses('ghost', 'sm', '-ml-3')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to dashboard
      </Link>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="break-words text-2xl font-bold text-slate-900 sm:text-3xl">
          {transcription.filename}
        </h1>
        <ShareButton transcription={transcription} />
        <Button
          className="shrink-0"
          disabled={!completed}
          onClick={() => void downloadTranscription(transcription)}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        <Fact label="Date" value={formatDate(transcription.createdAt)} />
        <Fact label="Duration" value={formatDuration(transcription.durationInSeconds)} />
        <Fact label="File size" value={formatFileSize(transcription.fileSize)} />
      </dl>
      {transcription.isTruncated ? (
        <Alert tone="warning">
          <p>{MESSAGES.truncatedAlert}</p>
          <Link href="/upgrade" className="mt-2 inline-block font-semibold underline">
            Upgrade to Pro
          </Link>
        </Alert>
      ) : null}
      <Card>
        <CardContent className="pt-6">
          {completed ? <TranscriptView transcription={transcription} /> : null}
          {isUnfinished(transcription) ? (
            <div aria-live="polite">
              <p className="text-sm text-slate-700">
                Your transcript will appear here when processing finishes.
              </p>
              <TranscriptionProgress transcription={transcription} />
            </div>
          ) : null}
          {transcription.status === 'failed' ? (
            <Alert tone="error" title={MESSAGES.transcriptionFailedTitle}>
              {transcription.error ?? MESSAGES.genericError}
            </Alert>
          ) : null}
        </CardContent>
      </Card>
      <p className="text-center text-xs text-slate-500">
        Transcribed with a speech-to-text model from an AI provider.
      </p>
    </main>
  );
}
