import { describe, expect, it } from 'vitest';
import type { TranscriptionPatch } from '../../../../core/api/transcriptions';
import { TranscriptSaver, type SaveState, type TranscriptDocument } from './transcript-saver.js';

const original: TranscriptDocument = {
  filename: 'talk.mp3',
  segments: [{ start: 0, end: 1, text: 'hello', speaker: 'Speaker 1' }],
};

/** A server stand-in that holds each request until the test answers it. */
function harness() {
  const sent: Array<{
    patch: TranscriptionPatch;
    answer: (version: number) => void;
    fail: (status: number, message?: string) => void;
  }> = [];
  const states: SaveState['status'][] = [];
  const savedVersions: number[] = [];
  const saver = new TranscriptSaver<{ version: number }>({
    saved: original,
    version: 3,
    send: (patch) =>
      new Promise((resolve, reject) => {
        sent.push({
          patch,
          answer: (version) => resolve({ version }),
          fail: (status, message) => reject(Object.assign(new Error(message), { status, message })),
        });
      }),
    onState: (state) => states.push(state.status),
    onSaved: (saved) => savedVersions.push(saved.version),
  });
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { saver, sent, states, savedVersions, flush };
}

const edited = (text: string): TranscriptDocument => ({
  ...original,
  segments: [{ start: 0, end: 1, text, speaker: 'Speaker 1' }],
});

describe('TranscriptSaver', () => {
  it('sends only what changed, with the version it was made on, and then the next version', async () => {
    const { saver, sent, states, savedVersions, flush } = harness();
    const renamed = { ...original, filename: 'Interview' };
    saver.save(renamed);
    expect(sent[0]?.patch).toEqual({ filename: 'Interview', version: 3 });
    sent[0]?.answer(4);
    await flush();
    saver.save({ ...renamed, segments: edited('hi').segments });
    expect(sent[1]?.patch).toEqual({
      segments: [{ start: 0, end: 1, text: 'hi', speaker: 'Speaker 1' }],
      version: 4,
    });
    sent[1]?.answer(5);
    await flush();
    expect(savedVersions).toEqual([4, 5]);
    expect(states).toEqual(['saving', 'saved', 'saving', 'saved']);
    expect(saver.hasUnsavedChanges).toBe(false);
  });

  it('keeps one request in flight and then sends only the latest wish', async () => {
    const { saver, sent, flush } = harness();
    saver.save(edited('a'));
    saver.save(edited('ab'));
    saver.save(edited('abc'));
    expect(sent).toHaveLength(1);
    expect(saver.hasUnsavedChanges).toBe(true);
    sent[0]?.answer(4);
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.patch).toEqual({
      segments: [{ start: 0, end: 1, text: 'abc', speaker: 'Speaker 1' }],
      version: 4,
    });
  });

  it('sends nothing when the wish is back to what the server has', async () => {
    const { saver, sent, flush } = harness();
    saver.save(edited('a'));
    saver.save(original);
    sent[0]?.answer(4);
    await flush();
    // The server now has 'a', the page wants the original back: that is a change again.
    expect(sent[1]?.patch.segments?.[0]?.text).toBe('hello');
  });

  it('stops on a stale version and saves nothing more', async () => {
    const { saver, sent, states, flush } = harness();
    saver.save(edited('a'));
    sent[0]?.fail(409, 'changed elsewhere');
    await flush();
    saver.save(edited('b'));
    saver.retry();
    expect(sent).toHaveLength(1);
    expect(states.at(-1)).toBe('conflict');
    await saver.settled();
  });

  it('reports another failure with its message and retries on demand', async () => {
    const { saver, sent, flush } = harness();
    saver.save(edited('a'));
    sent[0]?.fail(400, 'Segments must be in order');
    await flush();
    expect(saver.currentState).toEqual({ status: 'error', message: 'Segments must be in order' });
    saver.retry();
    expect(sent).toHaveLength(2);
    sent[1]?.answer(4);
    await flush();
    expect(saver.currentState.status).toBe('saved');
  });

  it('settled() waits for the request in flight and the one queued behind it', async () => {
    const { saver, sent, flush } = harness();
    saver.save(edited('a'));
    let done = false;
    void saver.settled().then(() => (done = true));
    saver.save(edited('b'));
    sent[0]?.answer(4);
    await flush();
    expect(done).toBe(false);
    sent[1]?.answer(5);
    await flush();
    expect(done).toBe(true);
  });
});
