import { describe, expect, it } from 'vitest';
import { workersEngine, type EngineReport } from './workers-engine.js';

const whisper: EngineReport = {
  engine: 'whisper',
  model: 'base.en',
  reason: 'The whisper model is ready.',
  pending: null,
  multilingual: false,
};
const pocketsphinx: EngineReport = {
  engine: 'pocketsphinx',
  model: 'cmusphinx-en-us',
  reason: 'Whisper is being prepared.',
  pending: { engine: 'whisper', model: 'base.en', state: 'downloading', percent: 40 },
  multilingual: false,
};

describe('the engine an API process names for its workers', () => {
  it('is none of them when no worker has reported', () => {
    expect(workersEngine([])).toBeUndefined();
  });

  it('is the one every worker runs, with its reason and what is on its way', () => {
    expect(workersEngine([pocketsphinx, { ...pocketsphinx }])).toEqual({
      engine: 'pocketsphinx',
      model: 'cmusphinx-en-us',
      reason: 'Whisper is being prepared.',
      pending: { engine: 'whisper', model: 'base.en', state: 'downloading', percent: 40 },
      multilingual: false,
    });
  });

  it('is the one most workers run, whichever reported last, and says that not all do', () => {
    // Newest first: the lone pocketsphinx worker reported last.
    const status = workersEngine([pocketsphinx, whisper, { ...whisper }]);
    expect(status).toEqual({
      engine: 'whisper',
      model: 'base.en',
      multilingual: false,
      reason:
        'The whisper model is ready. Not every worker runs it: 1 of 3 runs pocketsphinx (cmusphinx-en-us).',
    });
  });

  it('settles a tie by name, so the answer stays put as the workers take turns reporting', () => {
    expect(workersEngine([whisper, pocketsphinx])?.engine).toBe('pocketsphinx');
    expect(workersEngine([pocketsphinx, whisper])?.engine).toBe('pocketsphinx');
  });
});
