import { describe, expect, it } from 'vitest';
import { shortcutFor, type KeyPress } from './page-shortcuts.js';

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

  it('a button marked for the playback keys lets Space play or pause', () => {
    expect(shortcutFor(press(' ', element('button', ['data-playback-keys'])))).toBe('togglePlay');
  });
});
