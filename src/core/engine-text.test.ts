import { describe, expect, it } from 'vitest';
import { transcriptionEngineText } from './engine-text.js';

describe('the engine line on the detail page', () => {
  it('names the engine and model that made the transcript', () => {
    expect(transcriptionEngineText('whisper', 'base.en')).toBe('Transcribed with whisper base.en');
    expect(transcriptionEngineText('pocketsphinx', 'cmusphinx-en-us')).toBe(
      'Transcribed with the offline PocketSphinx engine: lower accuracy',
    );
    expect(transcriptionEngineText('openai', 'whisper-1')).toBe(
      'Transcribed with OpenAI whisper-1',
    );
  });

  it('says nothing while no engine has written the transcript yet', () => {
    expect(transcriptionEngineText(null, null)).toBeNull();
  });
});
