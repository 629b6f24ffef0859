import { format } from 'date-fns';

/** A recording's name from when it started, in the browser's local time: "Recording 2026-11-27 14:05". */
export function recordingName(startedAt: Date): string {
  return `Recording ${format(startedAt, 'yyyy-MM-dd HH:mm')}`;
}
