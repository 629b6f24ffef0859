/** Where a search hit opens its transcript: `/transcription/:id?t=12.3`, or the top without a time. */
export function transcriptionHitHref(id: string, start: number | null): string {
  const path = `/transcription/${encodeURIComponent(id)}`;
  if (start === null || !Number.isFinite(start) || start < 0) return path;
  return `${path}?t=${Math.round(start * 10) / 10}`;
}

/** The `t` (seconds) of a page address's query string, or null when absent or not a time. */
export function startTimeFromSearch(search: string): number | null {
  const raw = new URLSearchParams(search).get('t');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
