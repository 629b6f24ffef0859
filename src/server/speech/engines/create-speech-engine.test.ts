import { describe, expect, it } from 'vitest';
import { createSpeechEngine } from './create-speech-engine.js';

describe('createSpeechEngine', () => {
  it('builds the engine the configuration names', async () => {
    const pocketsphinx = createSpeechEngine({
      engine: 'pocketsphinx',
      model: 'whisper-1',
      parallelism: 3,
    });
    expect({ name: pocketsphinx.name, parallelism: pocketsphinx.parallelism }).toEqual({
      name: 'pocketsphinx',
      parallelism: 3,
    });
    await pocketsphinx.close();
    const openai = createSpeechEngine({
      engine: 'openai',
      apiUrl: 'http://127.0.0.1:9/v1',
      model: 'whisper-1',
      parallelism: 2,
    });
    expect({ name: openai.name, model: openai.model, parallelism: openai.parallelism }).toEqual({
      name: 'openai',
      model: 'whisper-1',
      parallelism: 2,
    });
    await openai.close();
  });

  it('refuses the openai engine without a URL', () => {
    expect(() =>
      createSpeechEngine({ engine: 'openai', model: 'whisper-1', parallelism: 1 }),
    ).toThrow(/TRANSCRIPTION_API_URL/);
  });
});
