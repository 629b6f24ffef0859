import { useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';
import { formatTimestamp } from '../../../../core/format/format-timestamp';
import { cn } from '../../../lib/cn';
import type { LineHighlight } from '../../comments/highlight-pieces';
import { HighlightedText } from '../../comments/highlighted-text';
import { caretOffsetAt } from './caret-offset';
import type { TextPiece } from './find-matches';
import { LineWords, wordsMatchingText } from './line-words';
import { lineShortcutFor } from './page-shortcuts';
import { speakerColor } from './speaker-colors';
import { SpeakerMenu } from './speaker-menu';
import { SpeakerName } from './speaker-name';

export const EDIT_HINT_ID = 'segment-edit-hint';

interface SegmentLineProps {
  segment: TranscriptSegmentDto;
  index: number;
  isPlaying: boolean;
  pieces: readonly TextPiece[];
  /** The field shown instead of the text while this line is edited. */
  editor: ReactNode | null;
  readOnly: boolean;
  /** Every speaker in order of first appearance; names show only when there are several. */
  speakers: readonly string[];
  /** The line begins a turn: a new speaker speaks (or it is the first line). */
  startsTurn: boolean;
  /** A person changed this line: it differs from the machine's first transcript. */
  edited: boolean;
  onSeek: (index: number) => void;
  /** The word being said in this line, or -1. */
  playingWord: number;
  /** Moves the player to a moment (a word's start) without changing whether it plays. */
  onSeekTo: (seconds: number) => void;
  onEdit: (index: number, caret: number) => void;
  onGiveTo: (index: number, speaker: string) => void;
  onNewSpeaker: (index: number) => void;
  onRenameSpeaker: (from: string, to: string) => void;
  /** The line's comment marker and actions, and its highlighted spans. */
  annotations?: { actions: ReactNode; highlights: readonly LineHighlight[] };
}

/**
 * One timed line. Its time is a button that plays from there; its text is the thing to correct:
 * a click puts the caret where it landed (and the player at the word clicked), Enter edits from
 * the end. Space on either plays or pauses.
 * With several speakers the line shows its speaker's colour, and a turn's first line their name.
 * Its speaker menu (or 1-9, S on the text) gives the line to another speaker.
 */
export function SegmentLine(props: SegmentLineProps) {
  const { segment, index, isPlaying, pieces, editor, readOnly, speakers, startsTurn } = props;
  const { onSeek, onSeekTo, onEdit, onGiveTo, onNewSpeaker, onRenameSpeaker } = props;
  const highlights = props.annotations?.highlights ?? [];
  // A find's marks win over highlights while it lasts; highlights over the timed words.
  const finding = pieces.some((piece) => piece.match !== 'none');
  const words =
    finding || highlights.length > 0 ? null : wordsMatchingText(segment.text, segment.words);
  const timestamp = formatTimestamp(segment.start);
  const several = speakers.length > 1;
  const color = speakerColor(speakers.indexOf(segment.speaker));
  const [menuOpen, setMenuOpen] = useState(false);
  const text = useRef<HTMLDivElement>(null);
  // A menu opened from the keyboard on the text gives the keyboard back to the text.
  const openedFromText = useRef(false);

  const editAtClick = (event: MouseEvent<HTMLDivElement>) => {
    if (readOnly || window.getSelection()?.type === 'Range') return;
    onEdit(index, caretOffsetAt(event.currentTarget, event.clientX, event.clientY));
  };
  const onTextKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const action = readOnly ? null : lineShortcutFor(event);
    if (!action) return;
    event.preventDefault();
    if (action.kind === 'edit') return onEdit(index, segment.text.length);
    if (action.kind === 'chooseSpeaker') {
      openedFromText.current = true;
      return setMenuOpen(true);
    }
    const speaker = speakers[action.place];
    if (speaker) onGiveTo(index, speaker);
  };

  return (
    <li
      data-segment-index={index}
      data-speaker={segment.speaker}
      aria-current={isPlaying ? 'true' : undefined}
      className={cn(
        'group scroll-my-48 rounded-md border-l-4 py-1.5 pr-1 pl-1.5 transition-colors',
        isPlaying ? 'border-brand-600 bg-brand-50' : 'border-transparent',
        editor ? 'bg-slate-50' : null,
        several && startsTurn && index > 0 ? 'mt-4' : null,
      )}
    >
      {several && startsTurn ? (
        <div className="ml-15">
          <SpeakerName
            name={segment.speaker}
            color={color}
            canRename={!readOnly}
            onRename={(name) => onRenameSpeaker(segment.speaker, name)}
          />
        </div>
      ) : null}
      <div className="flex items-start gap-3">
        <button
          type="button"
          data-playback-keys
          aria-label={`Play from ${timestamp}`}
          onClick={() => onSeek(index)}
          className={cn(
            'mt-0.5 min-w-12 shrink-0 rounded px-1 py-0.5 text-left font-mono text-xs tabular-nums max-sm:-mt-2 max-sm:min-h-11 hover:bg-brand-100 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-600',
            isPlaying ? 'font-semibold text-brand-700' : 'text-slate-500',
          )}
        >
          {timestamp}
        </button>
        <div className={cn('min-w-0 flex-1', several && cn('border-l-2 pl-2.5', color.border))}>
          {props.edited && !editor ? (
            <span className="float-right ml-2 rounded bg-amber-50 px-1.5 text-xs text-amber-800">
              edited
            </span>
          ) : null}
          {editor ?? (
            <div
              ref={text}
              data-line-text
              dir="auto"
              tabIndex={0}
              data-playback-keys
              aria-describedby={readOnly ? undefined : EDIT_HINT_ID}
              onClick={editAtClick}
              onKeyDown={onTextKeyDown}
              className={cn(
                'rounded px-1 -mx-1 leading-relaxed break-words whitespace-pre-wrap focus-visible:outline-2 focus-visible:outline-brand-600',
                isPlaying ? 'text-slate-950' : 'text-slate-800',
                !readOnly && 'cursor-text hover:bg-slate-100',
              )}
            >
              {words ? (
                <LineWords words={words} playingWord={props.playingWord} onSeek={onSeekTo} />
              ) : !finding && highlights.length > 0 ? (
                <HighlightedText text={segment.text} highlights={highlights} />
              ) : (
                pieces.map((piece, at) =>
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
                )
              )}
            </div>
          )}
        </div>
        {editor ? null : props.annotations?.actions}
        {readOnly || editor ? null : (
          <SpeakerMenu
            speaker={segment.speaker}
            speakers={speakers}
            lineName={`the line at ${timestamp}`}
            open={menuOpen}
            onOpenChange={setMenuOpen}
            onCloseAutoFocus={(event) => {
              if (!openedFromText.current) return;
              openedFromText.current = false;
              event.preventDefault();
              text.current?.focus();
            }}
            onGiveTo={(speaker) => onGiveTo(index, speaker)}
            onNewSpeaker={() => onNewSpeaker(index)}
          />
        )}
      </div>
    </li>
  );
}
