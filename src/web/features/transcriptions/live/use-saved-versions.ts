import { useEffect, useRef } from 'react';
import { supportsEventSource } from './use-transcription-events';

/**
 * Calls `onNewer` when someone saves a version of the transcript newer than `version` (a
 * colleague's edit, rename or restore), from the transcript's comments-and-edits stream. For
 * pages that only read: a page with edits of its own keeps them and meets the conflict instead.
 */
export function useSavedVersions(
  id: string,
  version: number,
  enabled: boolean,
  onNewer: () => void,
): void {
  const latest = useRef({ version, onNewer });
  latest.current = { version, onNewer };
  useEffect(() => {
    if (!enabled || !supportsEventSource()) return;
    const source = new EventSource(
      `/api/transcriptions/${encodeURIComponent(id)}/comments/events`,
      {
        withCredentials: true,
      },
    );
    source.addEventListener('transcript', (message) => {
      const saved = JSON.parse((message as MessageEvent<string>).data) as { version: number };
      if (saved.version > latest.current.version) latest.current.onNewer();
    });
    return () => source.close();
  }, [id, enabled]);
}
