import type { ExportFile, ExportSource } from './export-format.js';
import { srtCueText } from './srt-cue-text.js';
import { subtitleCues } from './subtitle-cues.js';
import { terminalSafeText } from './terminal-safe-text.js';
import { srtTimestamp } from './timestamps.js';

/** SubRip: numbered cues, `HH:MM:SS,mmm --> HH:MM:SS,mmm`, a blank line after each. */
export function exportSrt(source: ExportSource): ExportFile {
  const segments = source.segments.map((segment) => ({
    ...segment,
    text: srtCueText(terminalSafeText(segment.text)),
  }));
  const blocks = subtitleCues(segments).map((cue, index) =>
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
