import { segmentsEqual } from '../../../../core/edited-lines';
import type { EditHistory } from './edit-history';
import type { TranscriptDocument } from './transcript-saver';

/** What a tab keeps of a transcript's undo history, so a reload can still undo. */
interface StoredHistory {
  past: TranscriptDocument[];
  present: TranscriptDocument;
  future: TranscriptDocument[];
}

/** Browsers give a page about 5 MB of sessionStorage: a long transcript keeps fewer steps. */
const MAX_STORED_CHARACTERS = 2_000_000;

const keyOf = (transcriptionId: string) => `sonoscript:undo:${transcriptionId}`;

/** The words' times are re-aligned by the server after an edit; the text is what was edited. */
function sameContent(a: TranscriptDocument, b: TranscriptDocument): boolean {
  return a.filename === b.filename && segmentsEqual(a.segments, b.segments);
}

/**
 * The history this tab kept for the transcript, when its last state is what the server holds
 * (everything was saved); otherwise null and the page starts a new history.
 */
export function restoreHistory(
  storage: Pick<Storage, 'getItem'>,
  transcriptionId: string,
  loaded: TranscriptDocument,
): EditHistory<TranscriptDocument> | null {
  let stored: StoredHistory;
  try {
    const text = storage.getItem(keyOf(transcriptionId));
    if (text === null) return null;
    stored = JSON.parse(text) as StoredHistory;
  } catch {
    return null;
  }
  if (!Array.isArray(stored.past) || !Array.isArray(stored.future) || !stored.present) return null;
  if (!sameContent(stored.present, loaded)) return null;
  if (stored.past.length === 0 && stored.future.length === 0) return null;
  return { past: stored.past, present: loaded, future: stored.future, group: null };
}

/** Keeps the history for a reload of this tab, dropping the oldest steps until it fits. */
export function storeHistory(
  storage: Pick<Storage, 'setItem' | 'removeItem'>,
  transcriptionId: string,
  history: EditHistory<TranscriptDocument>,
): void {
  let past = [...history.past];
  for (;;) {
    const text = JSON.stringify({ past, present: history.present, future: history.future });
    if (text.length <= MAX_STORED_CHARACTERS || past.length === 0) {
      try {
        storage.setItem(keyOf(transcriptionId), text);
      } catch {
        // Full or refused: undo still works until the page is left.
        storage.removeItem(keyOf(transcriptionId));
      }
      return;
    }
    past = past.slice(Math.ceil(past.length / 2));
  }
}
