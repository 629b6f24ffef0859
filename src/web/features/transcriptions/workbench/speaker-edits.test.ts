import { describe, expect, it } from 'vitest';
import {
  newSpeakerLabel,
  reassignSegment,
  renameSpeaker,
  speakerNameProblem,
  speakerTurns,
  startsTurn,
} from './speaker-edits.js';

const segments = [
  { start: 0, end: 2, text: 'Good morning.', speaker: 'Speaker 1' },
  { start: 2, end: 4, text: 'Thanks for coming.', speaker: 'Speaker 1' },
  { start: 4, end: 6, text: 'Glad to be here.', speaker: 'Speaker 2' },
  { start: 6, end: 8, text: 'Shall we start?', speaker: 'Speaker 1' },
];

describe('renameSpeaker', () => {
  it('renames every line of that speaker and no other, trimming the name', () => {
    const renamed = renameSpeaker(segments, 'Speaker 1', '  Maria ');
    expect(renamed.map((segment) => segment.speaker)).toEqual([
      'Maria',
      'Maria',
      'Speaker 2',
      'Maria',
    ]);
    expect(renamed.map((segment) => segment.text)).toEqual(segments.map((s) => s.text));
    expect(segments[0]?.speaker).toBe('Speaker 1');
  });

  it('a name another speaker has joins the two', () => {
    const joined = renameSpeaker(segments, 'Speaker 2', 'Speaker 1');
    expect(new Set(joined.map((segment) => segment.speaker))).toEqual(new Set(['Speaker 1']));
  });

  it('returns the same array for the same name, a blank one or an unknown speaker', () => {
    expect(renameSpeaker(segments, 'Speaker 1', 'Speaker 1')).toBe(segments);
    expect(renameSpeaker(segments, 'Speaker 1', '   ')).toBe(segments);
    expect(renameSpeaker(segments, 'Nobody', 'Maria')).toBe(segments);
  });
});

describe('reassignSegment', () => {
  it('gives one line to another speaker, keeping its text and times', () => {
    const given = reassignSegment(segments, 1, 'Speaker 2');
    expect(given[1]).toEqual({
      start: 2,
      end: 4,
      text: 'Thanks for coming.',
      speaker: 'Speaker 2',
    });
    expect(given.filter((segment, at) => segment !== segments[at])).toHaveLength(1);
  });

  it('returns the same array when the line is theirs already or is outside', () => {
    expect(reassignSegment(segments, 2, 'Speaker 2')).toBe(segments);
    expect(reassignSegment(segments, 9, 'Speaker 2')).toBe(segments);
  });
});

describe('newSpeakerLabel', () => {
  it('counts on from the speakers there are, skipping a label in use', () => {
    expect(newSpeakerLabel(segments)).toBe('Speaker 3');
    expect(newSpeakerLabel(renameSpeaker(segments, 'Speaker 1', 'Maria'))).toBe('Speaker 3');
    expect(newSpeakerLabel(renameSpeaker(segments, 'Speaker 2', 'Speaker 3'))).toBe('Speaker 4');
    expect(newSpeakerLabel([])).toBe('Speaker 1');
  });
});

describe('startsTurn', () => {
  it('marks the first line and each change of speaker', () => {
    expect(segments.map((_, index) => startsTurn(segments, index))).toEqual([
      true,
      false,
      true,
      true,
    ]);
  });
});

describe('speakerNameProblem', () => {
  it('accepts 1 to 60 characters after trimming and says what is wrong otherwise', () => {
    expect(speakerNameProblem(' Maria ')).toBeNull();
    expect(speakerNameProblem('M')).toBeNull();
    expect(speakerNameProblem('x'.repeat(60))).toBeNull();
    expect(speakerNameProblem('  ')).toBe('Give the speaker a name.');
    expect(speakerNameProblem('x'.repeat(61))).toBe('A name has at most 60 characters.');
    expect(speakerNameProblem(` ${'x'.repeat(60)} `)).toBeNull();
  });
});

describe('speakerTurns', () => {
  it('joins consecutive lines of one speaker into one turn', () => {
    expect(speakerTurns(segments)).toEqual([
      { speaker: 'Speaker 1', text: 'Good morning. Thanks for coming.' },
      { speaker: 'Speaker 2', text: 'Glad to be here.' },
      { speaker: 'Speaker 1', text: 'Shall we start?' },
    ]);
    expect(speakerTurns([])).toEqual([]);
  });
});
