import { useCallback, useEffect, useRef, useState } from 'react';
import type { FinishedRecording } from './finished-recording';
import { toRecordingFile } from './finished-recording';
import { heldRecordingIds, holdRecording, recordingFreed } from './recording-locks';
import { recordingName } from './recording-name';
import {
  deleteStoredRecording,
  listStoredRecordings,
  readStoredRecording,
} from './recording-store';
import { concatenateSamples } from './wav-encoder';

export interface UnsavedRecording {
  id: string;
  name: string;
  seconds: number;
  /** Why the last try to save it failed; null for one cut off by a closed tab or a crash. */
  problem: string | null;
}

export const SAVING_IN_ANOTHER_TAB = 'This recording is being saved in another tab.';

/**
 * The signed-in account's recordings that the browser kept but the server never confirmed: cut
 * off by a crash or a closed tab, or refused when saved. Those another tab is still making or
 * sending are left out (it holds their lock).
 */
export function useUnsavedRecordings(userId: string | null) {
  const [recordings, setRecordings] = useState<UnsavedRecording[]>([]);
  const problems = useRef(new Map<string, string>());
  /** Held recordings this page waits on: when their tab saves them, stops or dies, look again. */
  const waiting = useRef(new Map<string, AbortController>());

  const refresh = useCallback(async (): Promise<void> => {
    if (!userId) return setRecordings([]);
    const found = await Promise.all([listStoredRecordings(userId), heldRecordingIds()]).catch(
      () => null,
    );
    if (!found) return;
    const [stored, held] = found;
    for (const { id } of stored.filter((recording) => held.has(recording.id))) {
      if (waiting.current.has(id)) continue;
      const controller = new AbortController();
      waiting.current.set(id, controller);
      recordingFreed(id, controller.signal).then(
        () => {
          waiting.current.delete(id);
          void refresh();
        },
        () => waiting.current.delete(id),
      );
    }
    const free = stored.filter((recording) => !held.has(recording.id));
    // Cut off before its first second was kept: nothing to offer.
    for (const empty of free.filter((recording) => recording.samples === 0))
      void deleteStoredRecording(empty.id).catch(() => undefined);
    setRecordings(
      free
        .filter((recording) => recording.samples > 0)
        .sort((first, second) => first.startedAt - second.startedAt)
        .map((recording) => ({
          id: recording.id,
          name: recordingName(new Date(recording.startedAt)),
          seconds: recording.samples / recording.sampleRate,
          problem: problems.current.get(recording.id) ?? null,
        })),
    );
  }, [userId]);

  useEffect(() => {
    void refresh();
    const waits = waiting.current;
    return () => {
      for (const controller of waits.values()) controller.abort();
      waits.clear();
    };
  }, [refresh]);

  /** A save that failed: offered again with its reason. */
  const notSaved = useCallback(
    (id: string, problem: string) => {
      problems.current.set(id, problem);
      void refresh();
    },
    [refresh],
  );

  /** The kept audio as a recording to save, holding its lock; or why it cannot be had. */
  const take = useCallback(
    async (id: string): Promise<FinishedRecording | string> => {
      const release = await holdRecording(id);
      if (!release) return SAVING_IN_ANOTHER_TAB;
      const kept = await readStoredRecording(id);
      if (!kept) {
        release();
        void refresh();
        return 'This recording was already saved or discarded.';
      }
      setRecordings((current) => current.filter((recording) => recording.id !== id));
      const name = recordingName(new Date(kept.recording.startedAt));
      const { file, seconds } = toRecordingFile(
        concatenateSamples(kept.chunks),
        kept.recording.sampleRate,
        name,
      );
      const livePreview = kept.recording.livePreview ?? null;
      return { id, name, file, seconds, liveText: '', livePreview, release };
    },
    [refresh],
  );

  const discard = useCallback(
    async (id: string): Promise<string | null> => {
      const release = await holdRecording(id);
      if (!release) return SAVING_IN_ANOTHER_TAB;
      try {
        await deleteStoredRecording(id);
      } finally {
        release();
      }
      problems.current.delete(id);
      await refresh();
      return null;
    },
    [refresh],
  );

  return { recordings, notSaved, take, discard };
}
