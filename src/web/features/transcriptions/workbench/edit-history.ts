/**
 * The page's undo history: the states before, the current one, the states undone. Edits made in
 * one go (typing in one segment until it is left) share a group and undo as one step.
 */
export interface EditHistory<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The group of the edit that made `present`, or null when it may not be extended. */
  readonly group: string | null;
}

/** Past states kept; older ones are forgotten. */
export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): EditHistory<T> {
  return { past: [], present, future: [], group: null };
}

/** Records a new state; with the same group as the last edit it replaces that edit's state. */
export function recordEdit<T>(
  history: EditHistory<T>,
  next: T,
  group: string | null = null,
): EditHistory<T> {
  if (Object.is(next, history.present)) return history;
  if (group !== null && group === history.group) {
    return { ...history, present: next, future: [] };
  }
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    group,
  };
}

export function canUndo(history: EditHistory<unknown>): boolean {
  return history.past.length > 0;
}

export function canRedo(history: EditHistory<unknown>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    group: null,
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, group: null };
}

/** Takes back the edit of this group (a cancelled edit), as if it had not been made. */
export function discardGroup<T>(history: EditHistory<T>, group: string): EditHistory<T> {
  const previous = history.past.at(-1);
  if (history.group !== group || previous === undefined) return history;
  return { past: history.past.slice(0, -1), present: previous, future: [], group: null };
}
