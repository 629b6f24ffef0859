import { useSyncExternalStore } from 'react';

/** Phones and tablets: a finger instead of a mouse, or a screen too narrow to drag files onto. */
const TOUCH_SCREEN_QUERY = '(pointer: coarse), (max-width: 639px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(TOUCH_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True where "drag and drop" means nothing to the person holding the device. */
export function useTouchScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(TOUCH_SCREEN_QUERY).matches,
    () => false,
  );
}
