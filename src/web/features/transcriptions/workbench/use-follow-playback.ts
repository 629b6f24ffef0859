import { useEffect, useState, type RefObject } from 'react';

const SCROLL_KEYS = new Set(['PageUp', 'PageDown', 'Home', 'End', 'ArrowUp', 'ArrowDown']);
const TEXT_ENTRY = 'input, textarea, select, [contenteditable]:not([contenteditable="false"])';

/** Scrolls to an element unless it already sits in view below the sticky player. */
export function revealElement(
  element: Element | null | undefined,
  stickyBottom: number,
  behavior: ScrollBehavior = 'smooth',
): void {
  if (!element) return;
  const rect = element.getBoundingClientRect();
  if (rect.top >= stickyBottom && rect.bottom <= window.innerHeight * 0.85) return;
  const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  element.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : behavior });
}

/**
 * Follow: the playing line is kept in view. Scrolling by hand while it plays turns Follow off,
 * so the page never fights the reader; the toggle (or playing a line) turns it back on. Nothing
 * moves while a line is being edited.
 */
export function useFollowPlayback(options: {
  list: RefObject<HTMLElement | null>;
  sticky: RefObject<HTMLElement | null>;
  /** Asked at the moment of the scroll: React hears of a play a render later than the reader. */
  audio: RefObject<HTMLMediaElement | null>;
  activeIndex: number;
  editing: boolean;
}): [boolean, (follow: boolean) => void] {
  const { list, sticky, audio, activeIndex, editing } = options;
  const [follow, setFollow] = useState(true);

  useEffect(() => {
    if (!follow) return;
    const stop = () => {
      if (audio.current && !audio.current.paused) setFollow(false);
    };
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (SCROLL_KEYS.has(event.key) && !target?.closest(TEXT_ENTRY)) stop();
    };
    window.addEventListener('wheel', stop, { passive: true });
    window.addEventListener('touchmove', stop, { passive: true });
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchmove', stop);
      window.removeEventListener('keydown', onKey);
    };
  }, [audio, follow]);

  useEffect(() => {
    if (!follow || editing || activeIndex < 0) return;
    const line = list.current?.querySelector(`[data-segment-index="${activeIndex}"]`);
    revealElement(line, sticky.current?.getBoundingClientRect().bottom ?? 0);
  }, [follow, editing, activeIndex, list, sticky]);

  return [follow, setFollow];
}
