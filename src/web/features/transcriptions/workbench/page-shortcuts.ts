/** What a key press on the transcript page asks for, if anything. */
export type ShortcutAction =
  'togglePlay' | 'back' | 'forward' | 'undo' | 'redo' | 'find' | 'nextUncertain' | 'showShortcuts';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  /** The element the key was pressed in. */
  target: unknown;
}

const TEXT_ENTRY = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';
// Controls that use Space or the arrows themselves; elements marked data-playback-keys leave both to the page.
const OWN_KEYS = 'button, a[href], audio, video, [role="menu"], [role="menuitem"], [role="slider"]';

function closest(target: unknown, selector: string): boolean {
  const element = target as Partial<Pick<Element, 'closest'>> | null;
  return typeof element?.closest === 'function' && element.closest(selector) !== null;
}

/**
 * The page's keys: Space plays or pauses, the arrows seek, Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and
 * redo, U goes to the next word the machine was unsure of, Ctrl+F finds, ? lists the keys (a
 * focused line has its own keys too: `lineShortcutFor`). Text fields keep every key for themselves
 * (their own undo included), and buttons, links and menus keep Space and the arrows.
 */
export function shortcutFor(press: KeyPress): ShortcutAction | null {
  const command = press.ctrlKey || press.metaKey;
  const key = press.key.toLowerCase();
  // A dialog over the page (sharing, say) has the keyboard to itself.
  if (closest(press.target, '[role="dialog"], [role="alertdialog"]')) return null;
  if (command && !press.altKey && key === 'f') return 'find';
  if (closest(press.target, TEXT_ENTRY)) return null;
  if (command && !press.altKey) {
    if (key === 'z') return press.shiftKey ? 'redo' : 'undo';
    if (key === 'y' && !press.shiftKey) return 'redo';
    return null;
  }
  if (command || press.altKey) return null;
  if (press.key === '?') return 'showShortcuts';
  if (closest(press.target, OWN_KEYS) && !closest(press.target, '[data-playback-keys]')) {
    return null;
  }
  if (press.key === ' ') return 'togglePlay';
  if (press.key === 'ArrowLeft') return 'back';
  if (press.key === 'ArrowRight') return 'forward';
  if (press.key === 'u' || press.key === 'U') return 'nextUncertain';
  return null;
}

/** What a key pressed on a line's text asks for: edit it, give it to a speaker, or pick one. */
export type LineAction =
  { kind: 'edit' } | { kind: 'giveToSpeaker'; place: number } | { kind: 'chooseSpeaker' };

/**
 * The keys of a focused line (its text, not while editing): Enter edits it, 1 to 9 give it to the
 * speaker at that place in its speaker menu, S opens that menu. Digits are read by the character
 * typed, so keyboards that need Shift for them work too.
 */
export function lineShortcutFor(press: Omit<KeyPress, 'target'>): LineAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (press.key === 'Enter' && !press.shiftKey) return { kind: 'edit' };
  if (/^[1-9]$/.test(press.key)) return { kind: 'giveToSpeaker', place: Number(press.key) - 1 };
  if (press.key.toLowerCase() === 's' && !press.shiftKey) return { kind: 'chooseSpeaker' };
  return null;
}
