/**
 * Where a search hit opens its transcript: `/transcription/:id?t=12.3&q=words`, at the moment
 * found and with the words searched for marked; the top without a time.
 */
export function transcriptionHitHref(id: string, start: number | null, query = ''): string {
  const path = `/transcription/${encodeURIComponent(id)}`;
  const params = new URLSearchParams();
  if (start !== null && Number.isFinite(start) && start >= 0) {
    params.set('t', String(Math.round(start * 10) / 10));
  }
  if (query.trim() !== '') params.set('q', query.trim());
  const search = params.toString();
  return search === '' ? path : `${path}?${search}`;
}
