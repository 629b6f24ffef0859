import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { formatTimestamp } from '../../../../core/format/format-timestamp';
import { cn } from '../../../lib/cn';
import { caretOffsetAt } from './caret-offset';
import type { TextPiece } from './find-matches';

export const EDIT_HINT_ID = 'segment-edit-hint';

interface SegmentLineProps {
  segment: TranscriptSegmentDto;
  index: number;
  isPlaying: boolean;
  pieces: readonly TextPiece[];
  /** The field shown instead of the text while this line is edited. */
  editor: ReactNode | null;
  readOnly: boolean;
  onSeek: (index: number) => void;
  onEdit: (index: number, caret: number) => void;
}

/**
 * One timed line. Its time is a button that plays from there; its text is the thing to correct:
 * a click puts the caret where it landed, Enter edits from the end. Space on either plays or pauses.
 */
export function SegmentLine(props: SegmentLineProps) {
  const { segment, index, isPlaying, pieces, editor, readOnly, onSeek, onEdit } = props;
  const timestamp = formatTimestamp(segment.start);

  const editAtClick = (event: MouseEvent<HTMLDivElement>) => {
    if (readOnly || window.getSelection()?.type === 'Range') return;
    onEdit(index, caretOffsetAt(event.currentTarget, event.clientX, event.clientY));
  };
  const editOnEnter = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Enter' || readOnly) return;
    event.preventDefault();
    onEdit(index, segment.text.length);
  };

  return (
    <li
      data-segment-index={index}
      aria-current={isPlaying ? 'true' : undefined}
      className={cn(
        'flex scroll-my-48 items-start gap-3 rounded-md border-l-4 py-1.5 pr-2 pl-1.5 transition-colors',
        isPlaying ? 'border-brand-600 bg-brand-50' : 'border-transparent',
        editor ? 'bg-slate-50' : null,
      )}
    >
      <button
        type="button"
        data-playback-keys
        aria-label={`Play from ${timestamp}`}
        onClick={() => onSeek(index)}
        className={cn(
          'mt-0.5 min-w-12 shrink-0 rounded px-1 py-0.5 text-left font-mono text-xs tabular-nums hover:bg-brand-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600',
          isPlaying ? 'font-semibold text-brand-700' : 'text-slate-500',
        )}
      >
        {timestamp}
      </button>
      <div className="min-w-0 flex-1">
        {editor ?? (
          <div
            tabIndex={0}
            data-playback-keys
            aria-describedby={readOnly ? undefined : EDIT_HINT_ID}
            onClick={editAtClick}
            onKeyDown={editOnEnter}
            className={cn(
              'rounded px-1 -mx-1 leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-brand-600',
              isPlaying ? 'text-slate-950' : 'text-slate-800',
              !readOnly && 'cursor-text hover:bg-slate-100',
            )}
          >
            {pieces.map((piece, at) =>
              piece.match === 'none' ? (
                piece.text
              ) : (
                <mark
                  key={at}
                  data-current-match={piece.match === 'current' ? 'true' : undefined}
                  className={cn(
                    'rounded-sm px-0.5 -mx-0.5 text-inherit',
                    piece.match === 'current'
                      ? 'bg-amber-400 ring-1 ring-amber-600'
                      : 'bg-amber-200',
                  )}
                >
                  {piece.text}
                </mark>
              ),
            )}
          </div>
        )}
      </div>
    </li>
  );
}
