import { useRef } from 'react';

/**
 * Seconds left, from the speed measured on this page since the job was first seen running: how
 * long the percentages so far took. Undefined until there is a speed to go on.
 */
export function useTimeLeft(running: boolean, progress: number): number | undefined {
  const first = useRef<{ at: number; progress: number } | undefined>(undefined);
  if (!running) {
    first.current = undefined;
    return undefined;
  }
  const now = performance.now();
  first.current ??= { at: now, progress };
  const done = progress - first.current.progress;
  if (done <= 0 || progress >= 100) return undefined;
  const secondsPerPercent = (now - first.current.at) / 1000 / done;
  return secondsPerPercent * (100 - progress);
}

/** "about 2 min" or "about 40 s": an estimate, said as one. */
export function describeTimeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
