import { describeTranscriptLanguage } from '../../../core/transcript-language';
import { useQuery } from '@tanstack/react-query';
import { AudioLines, Link2Off } from 'lucide-react';
import { Link, useParams, useSearch } from 'wouter';
import type { SharedTranscriptDto } from '../../../core/api/sharing';
import { formatDuration } from '../../../core/format/format-duration';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { HttpError } from '../../lib/api-client';
import { CopyButton } from '../clipboard/copy-button';
import { startTimeParam } from '../../lib/start-time-param';
import { sharedTranscriptUrl } from './share-queries';
import { sharedText } from './shared-text';
import { SharedTranscriptView } from './shared-transcript-view';

function MadeWith() {
  return (
    <p className="text-center text-sm text-slate-500">
      Made with{' '}
      <Link href="/" className="font-semibold text-brand-700 hover:underline">
        Sonoscript
      </Link>
    </p>
  );
}

function LinkNotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <Link2Off aria-hidden="true" className="h-12 w-12 text-slate-400" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">This link doesn’t work</h1>
      <p className="mt-2 text-slate-600">
        The transcript is no longer shared, or the link is incomplete. Ask the person who sent it
        for a new one.
      </p>
      <Link href="/" className={buttonClasses('outline', 'md', 'mt-6')}>
        Go to Sonoscript
      </Link>
    </main>
  );
}

/** /s/:token: a shared transcript, read-only, for anyone with the link; never indexed. */
export default function SharedTranscriptPage() {
  const { token = '' } = useParams<{ token: string }>();
  const startAt = startTimeParam(useSearch());
  const shared = useQuery<SharedTranscriptDto>({ queryKey: [sharedTranscriptUrl(token)] });
  const language = shared.data ? describeTranscriptLanguage(shared.data) : null;

  return (
    <>
      {/* React hoists these into <head>; the server also answers X-Robots-Tag: noindex. */}
      <meta name="robots" content="noindex" />
      <title>
        {shared.data ? `${shared.data.filename} · Sonoscript` : 'Shared transcript · Sonoscript'}
      </title>
      {shared.isPending ? (
        <div className="flex min-h-[60vh] items-center justify-center">
          <Spinner className="h-8 w-8" label="Loading the shared transcript" />
        </div>
      ) : shared.isError ? (
        shared.error instanceof HttpError && shared.error.status === 404 ? (
          <LinkNotFound />
        ) : (
          <main className="mx-auto max-w-xl px-4 py-16 text-center">
            <h1 className="text-2xl font-bold text-slate-900">
              The transcript could not be loaded
            </h1>
            <p className="mt-2 text-slate-600">Please try again later.</p>
          </main>
        )
      ) : (
        <main className="mx-auto max-w-4xl space-y-6 px-4 py-8">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <p className="flex items-center gap-1.5 text-xs font-semibold uppercase tracking-wide text-brand-700">
                <AudioLines aria-hidden="true" className="h-4 w-4" />
                Shared transcript
              </p>
              <h1 className="mt-1 break-words text-2xl font-bold text-slate-900 sm:text-3xl">
                {shared.data.filename}
              </h1>
              <p className="mt-1 text-sm text-slate-600">
                {formatDuration(shared.data.durationInSeconds)}
                {language ? ` · ${language}` : ''}
              </p>
            </div>
            <CopyButton
              text={() => sharedText(shared.data)}
              label="Copy text"
              className="shrink-0"
            />
          </div>
          <SharedTranscriptView token={token} transcript={shared.data} startAt={startAt} />
          <MadeWith />
        </main>
      )}
    </>
  );
}
