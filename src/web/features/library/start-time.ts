/** Where a search hit opens its transcript: `/transcription/:id?t=12.3`, or the top without a time. */
export function transcriptionHitHref(id: string, start: number | null): string {
  const path = `/transcription/${encodeURIComponent(id)}`;
  if (start === null || !Number.isFinite(start) || start < 0) return path;
  return `${path}?t=${Math.round(start * 10) / 10}`;
}
