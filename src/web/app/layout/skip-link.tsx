import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/**
 * The first stop of the Tab order on every page: hidden until focused, it moves the keyboard past
 * the header to the page's content. Focus is moved by hand so the address keeps no `#fragment`
 * (the plain link still works before the page is hydrated).
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(MAIN_CONTENT_ID);
    if (!target) return;
    event.preventDefault();
    target.focus();
  };
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      className="sr-only rounded-md bg-white px-4 py-3 text-sm font-semibold text-brand-700 shadow-lg focus:not-sr-only focus:fixed focus:left-3 focus:top-3 focus:z-50"
    >
      Skip to content
    </a>
  );
}
