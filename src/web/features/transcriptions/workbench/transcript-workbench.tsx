import { useQuery } from '@tanstack/react-query';
import { Eye, Keyboard, Redo2, Undo2 } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import type { OriginalTranscriptDto, TranscriptionDto } from '../../../../core/api/transcriptions';
import { speakersInOrder } from '../../../../core/speakers';
import { cn } from '../../../lib/cn';
import { useWorkbenchComments } from '../../comments/workbench-comments';
import { ConflictAlert } from './conflict-alert';
import { DroppedAudioNote } from './dropped-audio-note';
import { CorrectionOffer } from './correction-offer';
import { FindBar } from './find-bar';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';
import { ReplaceBar } from './replace-bar';
import { replaceAll } from './replace-all';
import { toast } from '../../toasts/toast-store';
import { splitByMatches } from './find-matches';
import { OriginalTranscript } from './original-transcript';
import { shortcutFor } from './page-shortcuts';
import { PlaybackControls, PlayerAudio } from './player-bar';
import { SaveStatus } from './save-status';
import { SegmentEditor } from './segment-editor';
import { accessAllows } from '../../../../core/teams/transcription-access';
import { newSpeakerLabel, reassignSegment, renameSpeaker, startsTurn } from './speaker-edits';
import { TranscriptAsText } from './transcript-as-text';
import { EDIT_HINT_ID, SegmentLine } from './segment-line';
import { wordAt } from './line-words';
import { nextUncertainStart, uncertainWordStarts, UncertainLegend } from './uncertain-words';
import {
  mergeWithNext,
  nearestSegmentIndex,
  replaceSegmentText,
  segmentIndexAt,
  splitSegment,
} from './segment-edits';
import { searchedWordsParam, startTimeParam } from '../../../lib/start-time-param';
import { useAudioPlayer } from './use-audio-player';
import { revealElement, useFollowPlayback } from './use-follow-playback';
import { useFindInTranscript } from './use-find-in-transcript';
import type { TranscriptWorkbench as Workbench } from './use-transcript-workbench';
import { editedLines } from './edited-lines';

type Mode = 'timed' | 'text' | 'original';

interface Editing {
  index: number;
  caret: number;
  /** One editing session: its changes undo as one step and remount the field. */
  session: number;
}

const SKIP_SECONDS = 5;

const toggleClasses = (active: boolean) =>
  cn(
    'rounded-md px-3 py-1 text-sm font-medium',
    active ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
  );

const toolButton =
  'inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:pointer-events-none disabled:opacity-40 sm:h-8 sm:w-8';

/**
 * The transcript workbench: the sticky player, the timed lines to correct (edit, split, merge,
 * undo), find, follow-along, and the original beside the edits.
 */
export function TranscriptWorkbench({
  transcription,
  workbench,
  onReload,
}: {
  transcription: TranscriptionDto;
  workbench: Workbench;
  onReload: () => void;
}) {
  const { segments } = workbench.document;
  const player = useAudioPlayer();
  const list = useRef<HTMLOListElement>(null);
  const sticky = useRef<HTMLDivElement>(null);
  const findInput = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>(segments.length > 0 ? 'timed' : 'text');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [shortcutsShown, setShortcutsShown] = useState(false);
  const sessions = useRef(0);
  const conflict = workbench.saveState.status === 'conflict';
  // A team's viewer reads, plays and exports; the server refuses their edits anyway.
  const readOnly = conflict || !accessAllows(transcription.access, 'edit');
  // The lines as the page opened them: saving replaces `transcription`, corrections are against these.
  const [openedSegments] = useState(() => transcription.segments);

  const texts = useMemo(() => segments.map((segment) => segment.text), [segments]);
  const lines = useMemo(() => segments.map(({ text, start }) => ({ text, start })), [segments]);
  const comments = useWorkbenchComments(transcription.id, lines);
  // Once anything was changed, the machine's first transcript tells which lines a person touched.
  const original = useQuery<OriginalTranscriptDto>({
    queryKey: [`/api/transcriptions/${encodeURIComponent(transcription.id)}/original`],
    enabled: transcription.isEdited || workbench.canUndo,
  });
  const edited = useMemo(
    () => (original.data ? editedLines(segments, original.data.segments) : []),
    [segments, original.data],
  );
  const search = useSearch();
  const [startAt] = useState(() => startTimeParam(search));
  // A search hit's words (`?q=`) open marked, as a find from the hit's line on: the first line
  // not over by the hit's time (rounded to a tenth, it may fall just before the line starts).
  const [opening] = useState(() => ({
    query: searchedWordsParam(search),
    fromSegment:
      startAt === null
        ? 0
        : Math.max(
            0,
            segments.findIndex((segment) => segment.end > startAt),
          ),
  }));
  const find = useFindInTranscript(texts, opening);
  const activeIndex = player.started ? segmentIndexAt(segments, player.time) : -1;
  const [follow, setFollow] = useFollowPlayback({
    list,
    sticky,
    audio: player.ref,
    activeIndex,
    editing: editing !== null,
  });

  const stickyBottom = () => sticky.current?.getBoundingClientRect().bottom ?? 0;

  // A link to a moment (`?t=12.3`, as search hits give): the player waits there, its line in view.
  useEffect(() => {
    if (startAt === null) return;
    player.seek(startAt);
    const line = list.current?.querySelector(
      `[data-segment-index="${nearestSegmentIndex(segments, startAt)}"]`,
    );
    revealElement(line, stickyBottom(), 'auto');
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The current match is brought into view as the user steps through them.
  useEffect(() => {
    if (!find.currentMatch) return;
    if (player.playing) setFollow(false);
    revealElement(list.current?.querySelector('[data-current-match]'), stickyBottom());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [find.currentMatch]);

  const uncertainStarts = useMemo(() => uncertainWordStarts(segments), [segments]);
  const { seek } = player;
  const goToNextUncertain = useCallback(() => {
    const next = nextUncertainStart(uncertainStarts, player.ref.current?.currentTime ?? 0);
    if (next === undefined) return;
    seek(next);
    const line = list.current?.querySelector(
      `[data-segment-index="${nearestSegmentIndex(segments, next)}"]`,
    );
    revealElement(line, sticky.current?.getBoundingClientRect().bottom ?? 0);
  }, [uncertainStarts, seek, player.ref, segments]);

  const { undo, redo } = workbench;
  const { togglePlay, skip } = player;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const action = shortcutFor(event);
      if (!action) return;
      event.preventDefault();
      if (action === 'togglePlay') togglePlay();
      else if (action === 'back') skip(-SKIP_SECONDS);
      else if (action === 'forward') skip(SKIP_SECONDS);
      else if (action === 'undo') undo();
      else if (action === 'redo') redo();
      else if (action === 'nextUncertain') goToNextUncertain();
      else if (action === 'showShortcuts') setShortcutsShown(true);
      else {
        setMode((current) => (current === 'original' ? current : 'timed'));
        findInput.current?.focus();
        findInput.current?.select();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [togglePlay, skip, undo, redo, goToNextUncertain]);

  const playLine = (index: number) => {
    const segment = segments[index];
    if (!segment) return;
    setFollow(true);
    player.seek(segment.start, { play: true });
  };

  const startEditing = (index: number, caret: number) => {
    sessions.current += 1;
    setEditing({ index, caret, session: sessions.current });
  };

  const { change, discard } = workbench;
  const editorFor = (index: number) => {
    if (editing?.index !== index) return null;
    const segment = segments[index];
    if (!segment) return null;
    const group = `text-${editing.session}`;
    const setText = (text: string) =>
      change(
        (current) => ({ ...current, segments: replaceSegmentText(current.segments, index, text) }),
        group,
      );
    return (
      <SegmentEditor
        key={editing.session}
        initialText={segment.text}
        caret={editing.caret}
        label={`Text of the line at ${segment.start.toFixed(1)} s`}
        canMerge={index < segments.length - 1}
        onText={setText}
        onDone={(returnFocus) => {
          setEditing(null);
          if (returnFocus) focusLine(index);
        }}
        onCancel={() => {
          discard(group);
          setEditing(null);
          focusLine(index);
        }}
        onSplit={(text, offset) => {
          setText(text);
          const split = splitSegment(replaceSegmentText(segments, index, text), index, offset);
          if (split.length === segments.length) return;
          change((current) => ({
            ...current,
            segments: splitSegment(current.segments, index, offset),
          }));
          startEditing(index + 1, 0);
        }}
        onMerge={(text) => {
          setText(text);
          const caret = text.trim() ? text.trim().length + 1 : 0;
          change((current) => ({ ...current, segments: mergeWithNext(current.segments, index) }));
          startEditing(index, caret);
        }}
      />
    );
  };

  const focusLine = (index: number) =>
    requestAnimationFrame(() =>
      list.current
        ?.querySelector<HTMLElement>(`[data-segment-index="${index}"] [tabindex="0"]`)
        ?.focus(),
    );

  const speakers = useMemo(() => speakersInOrder(segments), [segments]);
  const giveTo = (index: number, speaker: string) =>
    change((current) => ({
      ...current,
      segments: reassignSegment(current.segments, index, speaker),
    }));
  const giveToNewSpeaker = (index: number) =>
    change((current) => ({
      ...current,
      segments: reassignSegment(current.segments, index, newSpeakerLabel(current.segments)),
    }));
  const renameEverywhere = (from: string, to: string) =>
    change((current) => ({ ...current, segments: renameSpeaker(current.segments, from, to) }));

  const restoreOriginal = useCallback(
    (original: { segments: TranscriptionDto['segments'] }) => {
      change((current) => ({ ...current, segments: original.segments }));
      setMode('timed');
    },
    [change],
  );

  return (
    <div className="space-y-4">
      <div
        ref={sticky}
        className="sticky top-16 z-30 -mx-4 space-y-2 border-b border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6"
      >
        <PlayerAudio
          player={player}
          src={`/api/transcriptions/${encodeURIComponent(transcription.id)}/audio`}
          label={`Audio of ${workbench.document.filename}`}
        />
        <div className="flex flex-wrap items-center gap-2">
          <PlaybackControls player={player} follow={follow} onFollow={setFollow} />
          {mode === 'timed' ? (
            <>
              <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-slate-200" />
              <button
                type="button"
                aria-label="Undo"
                title="Undo (Ctrl+Z)"
                className={toolButton}
                disabled={!workbench.canUndo}
                onClick={workbench.undo}
              >
                <Undo2 aria-hidden="true" className="h-4 w-4" />
              </button>
              <button
                type="button"
                aria-label="Redo"
                title="Redo (Ctrl+Shift+Z)"
                className={toolButton}
                disabled={!workbench.canRedo}
                onClick={workbench.redo}
              >
                <Redo2 aria-hidden="true" className="h-4 w-4" />
              </button>
              <SaveStatus state={workbench.saveState} onRetry={workbench.retry} />
              <div className="w-full sm:ml-auto sm:w-auto">
                <FindBar
                  inputRef={findInput}
                  query={find.query}
                  current={find.index}
                  count={find.matches.length}
                  onQuery={find.setQuery}
                  onStep={find.step}
                />
              </div>
              {find.query.trim() && !readOnly ? (
                <ReplaceBar
                  count={find.matches.length}
                  onReplaceAll={(replacement) => {
                    const { count } = replaceAll(segments, find.query, replacement);
                    // One change: one step to undo, saved like any edit.
                    workbench.change((current) => ({
                      ...current,
                      segments: replaceAll(current.segments, find.query, replacement).segments,
                    }));
                    toast({
                      title: `Replaced ${count} ${count === 1 ? 'match' : 'matches'}`,
                      description: 'Undo takes them all back.',
                    });
                  }}
                />
              ) : null}
            </>
          ) : null}
        </div>
      </div>

      {conflict ? <ConflictAlert onReload={onReload} /> : null}
      <DroppedAudioNote dropped={transcription.droppedAudio} />
      {readOnly ? null : <CorrectionOffer loaded={openedSegments} current={segments} />}

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Transcript</h2>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            title="Keyboard shortcuts (?)"
            onClick={() => setShortcutsShown(true)}
            className="hidden h-8 items-center gap-1.5 rounded-md px-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:inline-flex"
          >
            <Keyboard aria-hidden="true" className="h-4 w-4" />
            Shortcuts
          </button>
          <KeyboardShortcutsDialog open={shortcutsShown} onOpenChange={setShortcutsShown} />
          {mode === 'timed' && segments.length > 0 ? comments.toggle : null}
          {transcription.isEdited && mode !== 'original' ? (
            <button
              type="button"
              onClick={() => setMode('original')}
              className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              <Eye aria-hidden="true" className="h-4 w-4" />
              Show original
            </button>
          ) : null}
          {segments.length > 0 && mode !== 'original' ? (
            <div
              role="group"
              aria-label="Transcript view"
              className="flex gap-1 rounded-lg bg-slate-100 p-1"
            >
              <button
                type="button"
                aria-pressed={mode === 'timed'}
                className={toggleClasses(mode === 'timed')}
                onClick={() => setMode('timed')}
              >
                Timed
              </button>
              <button
                type="button"
                aria-pressed={mode === 'text'}
                className={toggleClasses(mode === 'text')}
                onClick={() => setMode('text')}
              >
                Plain text
              </button>
            </div>
          ) : null}
        </div>
      </div>

      {mode === 'original' ? (
        <OriginalTranscript
          id={transcription.id}
          onRestore={restoreOriginal}
          onClose={() => setMode('timed')}
        />
      ) : mode === 'timed' && segments.length > 0 ? (
        <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-6">
          <div className="min-w-0">
            <p id={EDIT_HINT_ID} className="sr-only">
              Press Enter to edit this line, S to change its speaker, or 1 to 9 to give it to that
              speaker. Press U to go to the next word the machine was unsure of.
            </p>
            {uncertainStarts.length > 0 ? <UncertainLegend /> : null}
            <ol ref={list} className="space-y-0.5" aria-label="Timed transcript">
              {segments.map((segment, index) => (
                <SegmentLine
                  key={index}
                  segment={segment}
                  index={index}
                  isPlaying={index === activeIndex}
                  playingWord={
                    index === activeIndex ? wordAt(segment.words ?? [], player.time) : -1
                  }
                  onSeekTo={seek}
                  pieces={splitByMatches(
                    segment.text,
                    find.bySegment.get(index) ?? [],
                    find.currentMatch,
                  )}
                  editor={editorFor(index)}
                  readOnly={readOnly}
                  speakers={speakers}
                  startsTurn={startsTurn(segments, index)}
                  edited={edited[index] ?? false}
                  onSeek={playLine}
                  onEdit={startEditing}
                  onGiveTo={giveTo}
                  onNewSpeaker={giveToNewSpeaker}
                  onRenameSpeaker={renameEverywhere}
                  annotations={{
                    actions: comments.lineActions(index),
                    highlights: comments.lineHighlights(index),
                  }}
                />
              ))}
            </ol>
          </div>
          {comments.panel}
        </div>
      ) : segments.length > 0 ? (
        <TranscriptAsText segments={segments} />
      ) : transcription.text ? (
        <p className="leading-relaxed whitespace-pre-wrap text-slate-800">{transcription.text}</p>
      ) : (
        <p className="text-slate-500">No speech was found in this audio.</p>
      )}
    </div>
  );
}
