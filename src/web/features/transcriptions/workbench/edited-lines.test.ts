import { describe, expect, it } from 'vitest';
import { editedLines } from './edited-lines';

const line = (start: number, end: number, text: string, speaker = 'Speaker 1') => ({
  start,
  end,
  text,
  speaker,
});
const machine = [line(0, 2, 'one two'), line(2, 4, 'three four'), line(4, 6, 'five six')];

describe('the lines a person changed', () => {
  it('marks a corrected line and leaves the others', () => {
    expect(editedLines([machine[0]!, line(2, 4, 'three for'), machine[2]!], machine)).toEqual([
      false,
      true,
      false,
    ]);
  });

  it('marks both halves of a split, and a line given to another speaker', () => {
    const split = [line(0, 1, 'one'), line(1, 2, 'two'), line(2, 4, 'three four', 'Ann')];
    expect(editedLines(split, machine)).toEqual([true, true, true]);
  });

  it('marks nothing on the machine transcript itself', () => {
    expect(editedLines(machine, machine)).toEqual([false, false, false]);
  });
});
