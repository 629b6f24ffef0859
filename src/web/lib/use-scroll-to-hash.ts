import { useEffect } from 'react';

// wouter announces its navigations with these window events; a same-page "/#id" link fires no hashchange.
const LOCATION_EVENTS = ['hashchange', 'popstate', 'pushState', 'replaceState'] as const;

/** Scrolls to the element named by the URL's #fragment once `ready`, and on later in-app navigations. */
export function useScrollToHash(ready: boolean): void {
  useEffect(() => {
    if (!ready) return;
    const scroll = () => {
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
    };
    scroll();
    for (const event of LOCATION_EVENTS) window.addEventListener(event, scroll);
    return () => {
      for (const event of LOCATION_EVENTS) window.removeEventListener(event, scroll);
    };
  }, [ready]);
}
