import { describe, expect, it } from 'vitest';
import { buildWhisperPrompt } from './whisper-prompt.js';

describe('buildWhisperPrompt', () => {
  it("puts the caller's vocabulary first and the previous window's end last", () => {
    expect(buildWhisperPrompt(undefined, undefined)).toBeUndefined();
    expect(buildWhisperPrompt('  ', '')).toBeUndefined();
    expect(buildWhisperPrompt('Kubernetes, PostgreSQL.', 'We deployed it.')).toBe(
      'Kubernetes, PostgreSQL. We deployed it.',
    );
  });

  it('keeps both within what whisper reads, cut at word boundaries', () => {
    const previous = Array.from({ length: 200 }, (_, index) => `word${index}`).join(' ');
    const vocabulary = Array.from({ length: 200 }, (_, index) => `term${index}`).join(', ');
    const prompt = buildWhisperPrompt(vocabulary, previous) ?? '';
    expect(prompt.length).toBeLessThanOrEqual(901);
    expect(prompt.startsWith('term0, term1,')).toBe(true);
    expect(prompt.endsWith('word198 word199')).toBe(true);
    expect(prompt).not.toMatch(/ ord\d| erm\d/);
  });
});
