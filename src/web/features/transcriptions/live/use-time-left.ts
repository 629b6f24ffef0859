import { useEffect, useState } from 'react';
import { timeLeftEstimates } from './time-left-estimate';

const TICK_MS = 1000;

/**
 * Seconds left for a running job, the same in every view of it (TimeLeftEstimates), counting down
 * between progress events. Undefined until there is a speed to go on.
 */
export function useTimeLeft(id: string, running: boolean, progress: number): number | undefined {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((tick) => tick + 1), TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return timeLeftEstimates.secondsLeft(id, running, progress);
}

/** "about 2 min" or "about 40 s": an estimate, said as one. */
export function describeTimeLeft(seconds: number): string {
  if (seconds < 60) return `about ${Math.max(5, Math.ceil(seconds / 5) * 5)} s left`;
  return `about ${Math.round(seconds / 60)} min left`;
}
