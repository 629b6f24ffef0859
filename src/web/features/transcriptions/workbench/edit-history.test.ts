import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  discardGroup,
  HISTORY_LIMIT,
  recordEdit,
  redo,
  startHistory,
  undo,
} from './edit-history.js';

describe('edit history', () => {
  it('undoes and redoes edits in order', () => {
    let history = startHistory('a');
    expect(canUndo(history)).toBe(false);
    history = recordEdit(history, 'b');
    history = recordEdit(history, 'c');
    history = undo(history);
    expect(history.present).toBe('b');
    expect(canRedo(history)).toBe(true);
    history = undo(history);
    expect(history.present).toBe('a');
    expect(canUndo(history)).toBe(false);
    expect(undo(history)).toBe(history);
    history = redo(redo(history));
    expect(history.present).toBe('c');
    expect(redo(history)).toBe(history);
  });

  it('a new edit after an undo forgets the undone states', () => {
    let history = recordEdit(recordEdit(startHistory('a'), 'b'), 'c');
    history = recordEdit(undo(history), 'd');
    expect(canRedo(history)).toBe(false);
    expect(undo(history).present).toBe('b');
  });

  it('edits of one group undo as one step; a new group starts a new step', () => {
    let history = startHistory('');
    history = recordEdit(history, 'h', 'segment-1');
    history = recordEdit(history, 'he', 'segment-1');
    history = recordEdit(history, 'hey', 'segment-1');
    history = recordEdit(history, 'hey!', 'segment-2');
    expect(undo(history).present).toBe('hey');
    expect(undo(undo(history)).present).toBe('');
  });

  it('an undo ends the group: typing again after it is a new step', () => {
    let history = recordEdit(recordEdit(startHistory('a'), 'ab', 'g'), 'abc', 'g');
    history = recordEdit(undo(history), 'ax', 'g');
    expect(undo(history).present).toBe('a');
  });

  it('ignores a state identical to the present one', () => {
    const history = startHistory('a');
    expect(recordEdit(history, 'a')).toBe(history);
  });

  it(`keeps at most ${HISTORY_LIMIT} past states`, () => {
    let history = startHistory(0);
    for (let step = 1; step <= HISTORY_LIMIT + 5; step += 1) history = recordEdit(history, step);
    expect(history.past).toHaveLength(HISTORY_LIMIT);
    expect(history.past[0]).toBe(5);
  });

  it('discards a cancelled group as if it had not been made, and nothing else', () => {
    let history = recordEdit(startHistory('a'), 'b');
    history = recordEdit(recordEdit(history, 'bc', 'typing'), 'bcd', 'typing');
    expect(discardGroup(history, 'other')).toBe(history);
    history = discardGroup(history, 'typing');
    expect(history.present).toBe('b');
    expect(undo(history).present).toBe('a');
    expect(discardGroup(history, 'typing')).toBe(history);
  });
});
