import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import type { TranscriptionDto, TranscriptionPatch } from '../../../../core/api/transcriptions';
import { apiRequest, HttpError } from '../../../lib/api-client';
import {
  TRANSCRIPTIONS_KEY,
  transcriptionKey,
} from '../../transcription-data/transcription-queries';
import {
  canRedo,
  canUndo,
  discardGroup,
  recordEdit,
  redo,
  startHistory,
  undo,
  type EditHistory,
} from './edit-history';
import { restoreHistory, storeHistory } from './stored-history';
import { TranscriptSaver, type SaveState, type TranscriptDocument } from './transcript-saver';

async function sendPatch(id: string, patch: TranscriptionPatch): Promise<TranscriptionDto> {
  try {
    const response = await apiRequest('PATCH', transcriptionKey(id)[0], patch);
    return (await response.json()) as TranscriptionDto;
  } catch (error) {
    if (error instanceof HttpError) {
      throw Object.assign(error, { message: error.serverMessage ?? error.message });
    }
    throw new Error('the server could not be reached', { cause: error });
  }
}

export interface TranscriptWorkbench {
  document: TranscriptDocument;
  saveState: SaveState;
  canUndo: boolean;
  canRedo: boolean;
  /** Records a change; changes of one group (one editing session) undo as one step. */
  change: (update: (current: TranscriptDocument) => TranscriptDocument, group?: string) => void;
  /** Takes back the changes of a cancelled editing session. */
  discard: (group: string) => void;
  undo: () => void;
  redo: () => void;
  retry: () => void;
  /** Resolves once every change made so far is saved (or saving has stopped). */
  settled: () => Promise<void>;
}

const HISTORY_STORE_DELAY_MS = 400;

/**
 * The page's working copy of a transcript: its edit history, saved as it changes. Mounted once
 * per loaded version (the page remounts it after a reload), so server answers never overwrite
 * what the user is typing.
 */
export function useTranscriptWorkbench(transcription: TranscriptionDto): TranscriptWorkbench {
  const queryClient = useQueryClient();
  const [history, setHistory] = useState<EditHistory<TranscriptDocument>>(() => {
    const loaded = { filename: transcription.filename, segments: transcription.segments };
    return restoreHistory(sessionStorage, transcription.id, loaded) ?? startHistory(loaded);
  });
  const [saveState, setSaveState] = useState<SaveState>({ status: 'idle' });
  const [saver] = useState(
    () =>
      new TranscriptSaver<TranscriptionDto>({
        saved: history.present,
        version: transcription.version,
        send: (patch) => sendPatch(transcription.id, patch),
        onState: setSaveState,
        onSaved: (saved) => {
          queryClient.setQueryData(transcriptionKey(transcription.id), saved);
          void queryClient.invalidateQueries({ queryKey: TRANSCRIPTIONS_KEY });
        },
      }),
  );

  useEffect(() => saver.save(history.present), [saver, history.present]);
  // A reload of this tab can still undo what was done before it: kept after a pause in typing
  // (a long transcript's history is a large string), and at once when the page goes.
  useEffect(() => {
    const store = () => storeHistory(sessionStorage, transcription.id, history);
    const timer = setTimeout(store, HISTORY_STORE_DELAY_MS);
    window.addEventListener('pagehide', store);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('pagehide', store);
    };
  }, [transcription.id, history]);

  // Leaving with a change not yet on the server: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.hasUnsavedChanges) event.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [saver]);

  const frozen = saveState.status === 'conflict';
  const change = useCallback(
    (update: (current: TranscriptDocument) => TranscriptDocument, group?: string) => {
      if (frozen) return;
      setHistory((current) => {
        const next = update(current.present);
        const same =
          next.filename === current.present.filename && next.segments === current.present.segments;
        return same ? current : recordEdit(current, next, group ?? null);
      });
    },
    [frozen],
  );
  return {
    document: history.present,
    saveState,
    canUndo: !frozen && canUndo(history),
    canRedo: !frozen && canRedo(history),
    change,
    discard: useCallback(
      (group: string) => setHistory((current) => discardGroup(current, group)),
      [],
    ),
    undo: useCallback(() => !frozen && setHistory(undo), [frozen]),
    redo: useCallback(() => !frozen && setHistory(redo), [frozen]),
    retry: useCallback(() => saver.retry(), [saver]),
    settled: useCallback(() => saver.settled(), [saver]),
  };
}
