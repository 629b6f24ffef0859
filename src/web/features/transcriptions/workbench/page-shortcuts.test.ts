import { describe, expect, it } from 'vitest';
import { lineShortcutFor, shortcutFor, type KeyPress } from './page-shortcuts.js';

/** Enough of an element for `closest`: its tag and attributes, matched against selector parts. */
function element(tag: string, attributes: string[] = []) {
  return {
    closest: (selector: string) =>
      selector.split(',').some((part) => {
        const trimmed = part.trim();
        if (trimmed.startsWith('[')) return attributes.some((name) => trimmed.includes(name));
        return trimmed.split(/[[:]/)[0] === tag;
      })
        ? {}
        : null,
  };
}

const press = (key: string, target: unknown, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  target,
  ...extra,
});

const page = element('div');

describe('shortcutFor', () => {
  it('Space plays or pauses and the arrows seek, on the page', () => {
    expect(shortcutFor(press(' ', page))).toBe('togglePlay');
    expect(shortcutFor(press('ArrowLeft', page))).toBe('back');
    expect(shortcutFor(press('ArrowRight', null))).toBe('forward');
    expect(shortcutFor(press('a', page))).toBeNull();
  });

  it('undo, redo (both spellings) and find, with Ctrl or Cmd', () => {
    expect(shortcutFor(press('z', page, { ctrlKey: true }))).toBe('undo');
    expect(shortcutFor(press('Z', page, { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(shortcutFor(press('y', page, { ctrlKey: true }))).toBe('redo');
    expect(shortcutFor(press('z', page, { metaKey: true }))).toBe('undo');
    expect(shortcutFor(press('f', page, { ctrlKey: true }))).toBe('find');
    expect(shortcutFor(press(' ', page, { ctrlKey: true }))).toBeNull();
  });

  it('leaves every key but find to text fields', () => {
    for (const field of [
      element('textarea'),
      element('input'),
      element('div', ['contenteditable']),
    ]) {
      expect(shortcutFor(press(' ', field))).toBeNull();
      expect(shortcutFor(press('ArrowLeft', field))).toBeNull();
      expect(shortcutFor(press('z', field, { ctrlKey: true }))).toBeNull();
      expect(shortcutFor(press('f', field, { ctrlKey: true }))).toBe('find');
    }
  });

  it('leaves Space and the arrows to buttons, links, menus and the audio element, but not undo', () => {
    for (const control of [
      element('button'),
      element('a'),
      element('audio'),
      element('div', ['role="menuitem"']),
    ]) {
      expect(shortcutFor(press(' ', control))).toBeNull();
      expect(shortcutFor(press('ArrowRight', control))).toBeNull();
    }
    expect(shortcutFor(press('z', element('button'), { ctrlKey: true }))).toBe('undo');
  });

  it('leaves every key to a dialog open over the page', () => {
    const dialog = element('div', ['role="dialog"']);
    expect(shortcutFor(press(' ', dialog))).toBeNull();
    expect(shortcutFor(press('z', dialog, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('f', dialog, { ctrlKey: true }))).toBeNull();
  });

  it('? lists the keys, from the page or a button, but not in a text field or with Ctrl', () => {
    expect(shortcutFor(press('?', page, { shiftKey: true }))).toBe('showShortcuts');
    expect(shortcutFor(press('?', element('button')))).toBe('showShortcuts');
    expect(shortcutFor(press('?', element('textarea')))).toBeNull();
    expect(shortcutFor(press('?', page, { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press('/', page))).toBeNull();
  });

  it('a button marked for the playback keys lets Space play or pause', () => {
    expect(shortcutFor(press(' ', element('button', ['data-playback-keys'])))).toBe('togglePlay');
  });
});

describe('lineShortcutFor', () => {
  it('Enter edits the line, 1 to 9 give it to a speaker, S opens its speaker menu', () => {
    expect(lineShortcutFor(press('Enter', null))).toEqual({ kind: 'edit' });
    expect(lineShortcutFor(press('1', null))).toEqual({ kind: 'giveToSpeaker', place: 0 });
    expect(lineShortcutFor(press('9', null))).toEqual({ kind: 'giveToSpeaker', place: 8 });
    expect(lineShortcutFor(press('s', null))).toEqual({ kind: 'chooseSpeaker' });
    expect(lineShortcutFor(press('S', null))).toEqual({ kind: 'chooseSpeaker' });
  });

  it('a digit typed with Shift (as some keyboards need) still counts', () => {
    expect(lineShortcutFor(press('2', null, { shiftKey: true }))).toEqual({
      kind: 'giveToSpeaker',
      place: 1,
    });
  });

  it('leaves 0, other keys and every key with Ctrl, Cmd or Alt alone', () => {
    expect(lineShortcutFor(press('0', null))).toBeNull();
    expect(lineShortcutFor(press('a', null))).toBeNull();
    expect(lineShortcutFor(press('Enter', null, { shiftKey: true }))).toBeNull();
    expect(lineShortcutFor(press('2', null, { altKey: true }))).toBeNull();
    expect(lineShortcutFor(press('2', null, { ctrlKey: true }))).toBeNull();
    expect(lineShortcutFor(press('s', null, { metaKey: true }))).toBeNull();
  });

  it('the page keys leave the digits and S to the line', () => {
    expect(shortcutFor(press('2', page))).toBeNull();
    expect(shortcutFor(press('s', page))).toBeNull();
  });
});
