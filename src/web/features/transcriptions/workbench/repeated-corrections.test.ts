import { describe, expect, it } from 'vitest';
import { repeatedCorrections } from './repeated-corrections';
import { replaceAll } from './replace-all';

const line = (start: number, text: string) => ({
  start,
  end: start + 1,
  text,
  speaker: 'Speaker 1',
});

describe('replaceAll', () => {
  it('replaces every match in every line, whatever its case, and counts them', () => {
    const segments = [
      line(0, 'the sway and heim press'),
      line(1, 'nothing'),
      line(2, 'Sway and Heim.'),
    ];
    const { segments: replaced, count } = replaceAll(segments, 'sway and heim', 'Sweynheim');
    expect(count).toBe(2);
    expect(replaced.map((segment) => segment.text)).toEqual([
      'the Sweynheim press',
      'nothing',
      'Sweynheim.',
    ]);
    expect(replaced[1]).toBe(segments[1]);
    expect(replaceAll(segments, 'absent', 'x').segments).toBe(segments);
  });
});

describe('repeatedCorrections', () => {
  const loaded = [
    line(0, 'in fourteen sixty five sway and heim began'),
    line(1, 'the monastery of soup yeah go'),
    line(2, 'sway and heim and partners'),
    line(3, 'near rome'),
  ];

  it('finds a spelling the user wrote in two places, for one to three words each', () => {
    const current = [
      line(0, 'in fourteen sixty five Sweynheim began'),
      line(1, 'the monastery of Subiaco'),
      line(2, 'Sweynheim and partners'),
      line(3, 'near Rome'),
    ];
    expect(repeatedCorrections(loaded, current)).toEqual([{ spelling: 'Sweynheim', places: 2 }]);
  });

  it('finds nothing for one place, or for two different spellings', () => {
    const once = [line(0, 'in fourteen sixty five Sweynheim began'), ...loaded.slice(1)];
    expect(repeatedCorrections(loaded, once)).toEqual([]);
    const differently = [
      line(0, 'in fourteen sixty five Sweynheim began'),
      loaded[1]!,
      line(2, 'Sweinheim and partners'),
      loaded[3]!,
    ];
    expect(repeatedCorrections(loaded, differently)).toEqual([]);
  });
});
