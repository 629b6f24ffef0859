import { useLayoutEffect } from 'react';

// The page the browser loaded (this module is evaluated at start-up, with the page registry).
// Entering that page the first time is a document load, not a client-side navigation.
let documentPath: string | null = typeof window === 'undefined' ? null : window.location.pathname;

/**
 * On a client-side navigation into a page: scroll to the #hash target if there is one, otherwise
 * to the top, since the router keeps the previous page's offset. On the document's first page,
 * leave the browser's (or the reader's) scroll position alone, which matters when prerendered
 * HTML is hydrated; only help with a #hash the browser could not find before the page rendered.
 */
export function useScrollOnEnter() {
  useLayoutEffect(() => {
    const isDocumentLoad = window.location.pathname === documentPath;
    documentPath = null;
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    // Instant: the stylesheet's smooth scrolling is for in-page links, not for arriving.
    if (target) {
      if (!isDocumentLoad || window.scrollY === 0) target.scrollIntoView({ behavior: 'instant' });
    } else if (!isDocumentLoad) {
      window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
    }
  }, []);
}
