import type { TranscriptSegmentDto } from '../../../../core/api/transcriptions';

type Line = Pick<TranscriptSegmentDto, 'start' | 'end' | 'text' | 'speaker'>;

const sameTime = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * Which lines a person changed: those the machine's first transcript has no line of, with the
 * same times, text and speaker. A split, a merge, a new speaker or a corrected word all mark it.
 */
export function editedLines(current: readonly Line[], original: readonly Line[]): boolean[] {
  const machine = new Map<string, Line[]>();
  for (const line of original) {
    const same = machine.get(line.text) ?? [];
    same.push(line);
    machine.set(line.text, same);
  }
  return current.map(
    (line) =>
      !(machine.get(line.text) ?? []).some(
        (made) =>
          made.speaker === line.speaker &&
          sameTime(made.start, line.start) &&
          sameTime(made.end, line.end),
      ),
  );
}
