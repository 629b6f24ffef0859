/**
 * The moment a link asks for (`?t=12.3`, as search hits link), in seconds; null when there is
 * none or it is not a usable number.
 */
/** The words a search hit was found by (`?q=`), to mark in the transcript; '' without. */
export function searchedWordsParam(search: string): string {
  return new URLSearchParams(search).get('q')?.trim() ?? '';
}

export function startTimeParam(search: string): number | null {
  const raw = new URLSearchParams(search).get('t');
  if (raw === null || raw.trim() === '') return null;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}
