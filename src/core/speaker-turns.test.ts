import { describe, expect, it } from 'vitest';
import { speakerTurns } from './speaker-turns';

describe('speakerTurns', () => {
  it('groups consecutive lines of one speaker, a new turn at each change', () => {
    const lines = [
      { speaker: 'Maria', text: 'a' },
      { speaker: 'Maria', text: 'b' },
      { speaker: 'Jonas', text: 'c' },
      { speaker: 'Maria', text: 'd' },
    ];
    expect(speakerTurns(lines)).toEqual([
      { speaker: 'Maria', segments: [lines[0], lines[1]] },
      { speaker: 'Jonas', segments: [lines[2]] },
      { speaker: 'Maria', segments: [lines[3]] },
    ]);
  });

  it('makes no turn of no lines', () => {
    expect(speakerTurns([])).toEqual([]);
  });
});
