import { describe, expect, it } from 'vitest';
import { engineShortName, transcriptionEngineText } from './engine-text.js';

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

describe('the engine on a list row', () => {
  it('names it in a word or two, nothing before it is known', () => {
    expect(engineShortName('whisper', 'base.en')).toBe('whisper base.en');
    expect(engineShortName('pocketsphinx', 'cmusphinx-en-us')).toBe('PocketSphinx');
    expect(engineShortName('openai', 'whisper-1')).toBe('OpenAI');
    expect(engineShortName(null, null)).toBeNull();
  });
});
