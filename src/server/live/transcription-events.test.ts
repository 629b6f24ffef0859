import { describe, expect, it } from 'vitest';
import { segmentsWithWords } from '../speech/engines/segment-words.js';
import { eventsSince, parseLastEventId, type TranscriptionState } from './transcription-events.js';

const line = (text: string, speaker: string) => ({ start: 0, end: 1, text, speaker });

describe('eventsSince', () => {
  it('sends only the new lines while the job runs', () => {
    const running: TranscriptionState = {
      status: 'processing',
      progress: 40,
      error: null,
      segments: [line('Hello.', 'Speaker 1'), line('Hi.', 'Speaker 1')],
    };
    const seen = eventsSince(parseLastEventId(undefined), {
      ...running,
      segments: running.segments.slice(0, 1),
    }).position;
    const { events } = eventsSince(seen, running);
    expect(events[0]).toMatchObject({
      event: 'segments',
      data: { from: 1, segments: [line('Hi.', 'Speaker 1')] },
    });
  });

  it('sends the finished lines again from the start when the job completes, with their speakers', () => {
    const provisional = [line('Hello.', 'Speaker 1'), line('Hi.', 'Speaker 1')];
    const seen = eventsSince(parseLastEventId(undefined), {
      status: 'processing',
      progress: 90,
      error: null,
      segments: provisional,
    }).position;
    const finished = [line('Hello.', 'Speaker 1'), line('Hi.', 'Speaker 2')];
    const { events, position } = eventsSince(seen, {
      status: 'completed',
      progress: 100,
      error: null,
      segments: finished,
    });
    expect(events.map((event) => event.event)).toEqual(['segments', 'progress', 'status']);
    expect(events[0]?.data).toEqual({ from: 0, segments: segmentsWithWords(finished) });
    // Resuming after the end sends nothing more.
    expect(
      eventsSince(position, { status: 'completed', progress: 100, error: null, segments: finished })
        .events,
    ).toEqual([]);
  });

  it('sends a completed transcript once to a client that saw nothing of it', () => {
    const finished = [line('Hello.', 'Speaker 1'), line('Hi.', 'Speaker 2')];
    const { events } = eventsSince(parseLastEventId(undefined), {
      status: 'completed',
      progress: 100,
      error: null,
      segments: finished,
    });
    expect(events.filter((event) => event.event === 'segments')).toHaveLength(1);
    expect(events[0]?.data).toEqual({ from: 0, segments: segmentsWithWords(finished) });
  });
});
