/* eslint-disable no-control-regex */

/**
 * ANSI escape sequences, whole, so none of their parameters is left behind: CSI (colours, cursor
 * moves, erasing), strings ended by BEL or ST (window titles, hyperlinks, device controls), and
 * two-character escapes. A string that never ends is left to the control pass, which drops only
 * its introducer: a terminal would swallow the rest of the transcript, an export must not.
 */
const ESCAPE_SEQUENCES = new RegExp(
  [
    /(?:\u001b\[|\u009b)[0-?]*[ -/]*[@-~]/.source,
    /(?:\u001b[\]PX^_]|[\u0090\u0098\u009d-\u009f])[^\u0007\u001b\u009c]*(?:\u0007|\u001b\\|\u009c)/
      .source,
    /\u001b[ -/]*[0-~]/.source,
  ].join('|'),
  'g',
);
/** Carriage returns, vertical tabs and form feeds move a terminal's cursor: they become newlines. */
const LINE_MOVES = /\r\n?|[\u000b\u000c]/g;
/** Every other C0 and C1 control and DEL; tab and newline stay. */
const CONTROLS = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/g;

/**
 * Text as a terminal shows it, without anything it would obey: `cat transcript.srt` cannot
 * recolour the screen, retitle the window, hide lines or rewrite what came before.
 */
export function terminalSafeText(text: string): string {
  return text.replace(ESCAPE_SEQUENCES, '').replace(LINE_MOVES, '\n').replace(CONTROLS, '');
}
