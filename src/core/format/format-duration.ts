import { APPROXIMATE_BYTES_PER_SECOND } from '../plans.js';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The spec's duration text: 0 or less gives '0 seconds'; under a minute 'N seconds' (the spec's
 * wording, also for 1); under an hour 'm:ss min'; an hour or more 'h:mm:ss'.
 * Rounded to whole seconds first, so 59.6 s reads '1:00 min', never '0:60 min'.
 */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.round(seconds) : 0;
  if (total <= 0) return '0 seconds';
  if (total < 60) return `${total} seconds`;
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  if (hours > 0) return `${hours}:${pad(minutes)}:${pad(rest)}`;
  return `${minutes}:${pad(rest)} min`;
}

/** The spec's rough length estimate for client-side notices: size / 16000 bytes per second. */
export function approximateDurationFromSize(bytes: number): number {
  if (!Number.isFinite(bytes) || bytes <= 0) return 0;
  return bytes / APPROXIMATE_BYTES_PER_SECOND;
}
