import type { SearchHitDto } from '../../../core/api/search';

/**
 * The names a search can be narrowed to: every named speaker of the hits shown, in the order
 * they appear, and the one chosen (kept even when the hits no longer hold it, so it can be seen
 * and undone).
 */
export function speakerFilterOptions(
  hits: readonly SearchHitDto[] | undefined,
  chosen: string | null,
): string[] {
  const names = new Map<string, string>();
  const add = (name: string) => {
    const key = name.toLowerCase();
    if (!names.has(key)) names.set(key, name);
  };
  if (chosen !== null) add(chosen);
  for (const hit of hits ?? []) hit.speakers.forEach(add);
  return [...names.values()];
}
