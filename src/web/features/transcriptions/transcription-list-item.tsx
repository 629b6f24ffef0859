import { engineShortName, transcriptionEngineText } from '../../../core/engine-text';
import { languageName } from '../../../core/languages';
import { FileAudio } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';
import { formatDate } from '../../../core/format/format-date';
import { formatDuration } from '../../../core/format/format-duration';
import { TranscriptionActionsMenu } from './transcription-actions-menu';
import { isUnfinished } from '../transcription-data/transcription-queries';
import { TranscriptionProgress } from './transcription-progress';

/** The end of the text so far, where the newest words are. */
function latestLine(text: string): string {
  const LINE = 90;
  return text.length <= LINE ? text : `…${text.slice(-LINE).replace(/^\S*\s/, '')}`;
}

export function TranscriptionListItem({
  transcription,
  leading,
}: {
  transcription: TranscriptionListItemDto;
  /** Shown before the row's icon: the library's selection checkbox. */
  leading?: ReactNode;
}) {
  return (
    <li className="flex items-start gap-3 py-4">
      {leading}
      <FileAudio aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" />
      <div className="min-w-0 flex-1">
        <Link
          href={`/transcription/${transcription.id}`}
          className="block truncate font-medium text-slate-900 hover:text-brand-700"
        >
          {transcription.filename}
        </Link>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-slate-500">
          <span>{formatDate(transcription.createdAt)}</span>
          {transcription.teamId ? (
            <span>Uploaded by {transcription.uploader.name || 'a former member'}</span>
          ) : null}
          <span>{formatDuration(transcription.durationInSeconds)}</span>
          {transcription.language ? (
            <span>
              {transcription.task === 'translate'
                ? `${languageName(transcription.language)} → English`
                : languageName(transcription.language)}
            </span>
          ) : null}
          {transcription.engine ? (
            <span title={transcriptionEngineText(transcription.engine, transcription.model) ?? ''}>
              {engineShortName(transcription.engine, transcription.model)}
            </span>
          ) : null}
          {transcription.isTruncated ? <span className="text-amber-700">Truncated</span> : null}
        </p>
        {isUnfinished(transcription) ? (
          <>
            <TranscriptionProgress transcription={transcription} />
            {transcription.excerpt ? (
              <p className="mt-1 truncate text-sm text-slate-600" title="Latest line">
                {latestLine(transcription.excerpt)}
              </p>
            ) : null}
          </>
        ) : null}
        {transcription.status === 'cancelled' ? (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">
            <span className="font-medium text-amber-700">Cancelled: </span>
            {transcription.excerpt || 'no words were made'}
          </p>
        ) : null}
        {transcription.status === 'failed' ? (
          <p className="mt-1 text-sm text-red-600">
            Failed: {transcription.error ?? 'An error occurred'}
          </p>
        ) : null}
        {transcription.status === 'completed' && transcription.excerpt ? (
          <p className="mt-1 line-clamp-2 text-sm text-slate-600">{transcription.excerpt}</p>
        ) : null}
      </div>
      <TranscriptionActionsMenu transcription={transcription} />
    </li>
  );
}
