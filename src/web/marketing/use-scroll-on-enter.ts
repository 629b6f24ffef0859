import { useLayoutEffect } from 'react';

/**
 * On entering a page: scroll to the #hash target if there is one (browsers try before a lazy
 * page exists), otherwise to the top, since client-side navigation keeps the old scroll offset.
 */
export function useScrollOnEnter() {
  useLayoutEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    // Instant: the stylesheet's smooth scrolling is for in-page links, not for arriving.
    if (target) target.scrollIntoView({ behavior: 'instant' });
    else window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, []);
}
