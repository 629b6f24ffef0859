import type { ExportFile, ExportSource } from './export-format.js';
import { spokenTurns } from './spoken-turns.js';
import { subtitleCues } from './subtitle-cues.js';
import { subtitleLine } from './subtitle-lines.js';
import { terminalSafeText } from './terminal-safe-text.js';
import { vttTimestamp } from './timestamps.js';

/** Cue text is markup in WebVTT: `&`, `<` and `>` must be escaped (in a voice's name too). */
function escapeCueText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

/**
 * Each cue's lines, escaped; when several people speak, the cue is a voice span
 * (`<v Name>…`), which players can show or style per speaker. Cues are laid out segment by
 * segment, so a cue never holds two speakers.
 */
function cueTexts(source: ExportSource) {
  const turns = spokenTurns(source.segments);
  const voiced = turns
    ? turns.flatMap((turn) => turn.segments.map((segment) => ({ segment, voice: turn.speaker })))
    : source.segments.map((segment) => ({ segment, voice: null }));
  const lines = voiced.map(({ segment }) => subtitleLine(segment, terminalSafeText));
  return subtitleCues(lines).map((cue) => {
    const voice = voiced[cue.line]?.voice ?? null;
    const cueLines = cue.lines.map(escapeCueText);
    if (voice !== null) cueLines[0] = `<v ${escapeCueText(voice)}>${cueLines[0] ?? ''}`;
    return { ...cue, lines: cueLines };
  });
}

/** WebVTT: the `WEBVTT` header, then cues `HH:MM:SS.mmm --> HH:MM:SS.mmm`. */
export function exportVtt(source: ExportSource): ExportFile {
  const blocks = cueTexts(source).map((cue) =>
    [`${vttTimestamp(cue.start)} --> ${vttTimestamp(cue.end)}`, ...cue.lines].join('\n'),
  );
  return {
    contentType: 'text/vtt; charset=utf-8',
    extension: 'vtt',
    body: ['WEBVTT', ...blocks].join('\n\n') + '\n',
  };
}
