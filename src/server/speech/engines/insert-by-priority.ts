/**
 * Queues `item` behind everything of its priority or higher and ahead of anything lower: an array
 * kept as a stable priority queue (the queues here hold a handful of items).
 */
export function insertByPriority<Item extends { priority: number }>(
  queue: Item[],
  item: Item,
): void {
  const firstLower = queue.findIndex((queued) => queued.priority < item.priority);
  if (firstLower < 0) queue.push(item);
  else queue.splice(firstLower, 0, item);
}
