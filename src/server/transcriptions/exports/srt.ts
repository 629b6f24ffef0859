import type { ExportFile, ExportSource } from './export-format.js';
import { spokenTurns } from './spoken-turns.js';
import { srtCueText } from './srt-cue-text.js';
import { subtitleCues } from './subtitle-cues.js';
import { subtitleLine } from './subtitle-lines.js';
import { terminalSafeText } from './terminal-safe-text.js';
import { srtTimestamp } from './timestamps.js';

const cleanForSrt = (text: string): string => srtCueText(terminalSafeText(text));

/**
 * The lines to lay out as cues. When several people speak, the first line of each turn begins
 * with `Name:`, as subtitles mark a change of speaker; the name is laid out with the words, so
 * cues keep their limits, and a cue never holds two segments, so never two speakers.
 */
function subtitleLines(source: ExportSource) {
  const turns = spokenTurns(source.segments);
  if (!turns) return source.segments.map((segment) => subtitleLine(segment, cleanForSrt));
  return turns.flatMap((turn) =>
    turn.segments.map((segment, index) =>
      subtitleLine(segment, cleanForSrt, index === 0 ? `${turn.speaker}:` : undefined),
    ),
  );
}

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each. */
export function exportSrt(source: ExportSource): ExportFile {
  const blocks = subtitleCues(subtitleLines(source)).map((cue, index) =>
    [
      String(index + 1),
      `${srtTimestamp(cue.start)} --> ${srtTimestamp(cue.end)}`,
      // An arrow inside a cue would read as a new timing line.
      ...cue.lines.map((line) => line.replaceAll('-->', '->')),
    ].join('\n'),
  );
  return {
    contentType: 'application/x-subrip; charset=utf-8',
    extension: 'srt',
    body: blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n`,
  };
}
