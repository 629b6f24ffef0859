/**
 * Runs `task` over every item with at most `concurrency` running at once; results keep the items'
 * order. The first failure stops new tasks from starting and is thrown once running ones settle.
 */
export async function mapWithConcurrency<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  task: (item: Item, index: number) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const runner = async (): Promise<void> => {
    while (!failure && next < items.length) {
      const index = next;
      next += 1;
      try {
        results[index] = await task(items[index] as Item, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  const runners = Math.max(1, Math.min(Math.floor(concurrency), items.length));
  await Promise.all(Array.from({ length: runners }, runner));
  if (failure) throw failure.error;
  return results;
}
