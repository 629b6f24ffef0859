import type { ExportFile, ExportSource } from './export-format.js';
import { subtitleCues } from './subtitle-cues.js';
import { terminalSafeText } from './terminal-safe-text.js';
import { vttTimestamp } from './timestamps.js';

/** Cue text is markup in WebVTT: `&`, `<` and `>` must be escaped. */
function escapeCueText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/** WebVTT: the `WEBVTT` header, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm`. */
export function exportVtt(source: ExportSource): ExportFile {
  const segments = source.segments.map((segment) => ({
    ...segment,
    text: terminalSafeText(segment.text),
  }));
  const blocks = subtitleCues(segments).map((cue) =>
    [
      `${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}`,
      ...cue.lines.map(escapeCueText),
    ].join('\n'),
  );
  return {
    contentType: 'text/vtt; charset=utf-8',
    extension: 'vtt',
    body: ['WEBVTT', ...blocks].join('\n\n') + '\n',
  };
}
