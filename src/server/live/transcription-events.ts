import type { TimedWord } from '../../core/words.js';
import { segmentsWithWords } from '../speech/engines/segment-words.js';
import type { TranscriptionStatus } from '../../core/api/transcription-values.js';
import type { TranscriptSegmentDto } from '../../core/api/transcriptions.js';

/**
 * What a client of the events stream has been sent: the event id says it, so a reconnect with
 * Last-Event-ID resumes from there without the server keeping anything per client.
 */
export interface StreamPosition {
  segments: number;
  progress: number;
  status: TranscriptionStatus | null;
}

export interface StreamEvent {
  id: string;
  event: 'segments' | 'progress' | 'status';
  data: unknown;
}

export interface TranscriptionState {
  status: TranscriptionStatus;
  progress: number;
  error: string | null;
  segments: (Omit<TranscriptSegmentDto, 'words'> & { words?: TimedWord[] })[];
}

const STATUSES: readonly TranscriptionStatus[] = [
  'queued',
  'processing',
  'completed',
  'failed',
  'cancelled',
];
const ENDED: readonly TranscriptionStatus[] = ['completed', 'failed', 'cancelled'];
const START: StreamPosition = { segments: 0, progress: -1, status: null };

export function isEnded(status: TranscriptionStatus): boolean {
  return ENDED.includes(status);
}

export function eventIdOf(position: StreamPosition): string {
  return `${position.segments}.${position.progress}.${position.status ?? ''}`;
}

/** The position a Last-Event-ID names; from the start when there is none or it is not ours. */
export function parseLastEventId(value: string | string[] | undefined): StreamPosition {
  const match =
    typeof value === 'string' ? /^(\d{1,7})\.(-1|\d{1,3})\.([a-z]*)$/.exec(value) : null;
  if (!match) return START;
  const status = match[3] as TranscriptionStatus;
  return {
    segments: Number(match[1]),
    progress: Number(match[2]),
    status: STATUSES.includes(status) ? status : null,
  };
}

/**
 * The events that bring a client at `position` up to `state`: new segments (`from` is the index
 * of the first one; a run that started again sends from 0, replacing what the client had), then
 * progress, then the status. Each event's id is the position once it is received.
 * A client that saw segments while the job ran gets the whole finished transcript once more, from
 * 0, when it completes: speakers are told apart only at the end, so the lines it has carry
 * provisional speakers (and a line may have been split where the voice changes).
 */
export function eventsSince(
  position: StreamPosition,
  state: TranscriptionState,
): { events: StreamEvent[]; position: StreamPosition } {
  const events: StreamEvent[] = [];
  let at = position;
  const count = state.segments.length;
  const finished = state.status === 'completed' && at.status !== 'completed' && at.segments > 0;
  if (count !== at.segments || finished) {
    const from = count > at.segments && !finished ? at.segments : 0;
    at = { ...at, segments: count };
    events.push({
      id: eventIdOf(at),
      event: 'segments',
      data: { from, segments: segmentsWithWords(state.segments.slice(from)) },
    });
  }
  if (state.progress !== at.progress) {
    at = { ...at, progress: state.progress };
    events.push({ id: eventIdOf(at), event: 'progress', data: { progress: state.progress } });
  }
  if (state.status !== at.status) {
    at = { ...at, status: state.status };
    events.push({
      id: eventIdOf(at),
      event: 'status',
      data: { status: state.status, error: state.error },
    });
  }
  return { events, position: at };
}

/** One event in the text/event-stream format. */
export function formatEvent(event: StreamEvent): string {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`;
}
