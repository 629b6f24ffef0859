import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranscriptionListItemDto } from '../../../core/api/transcriptions';
import { isAcceptedAudioFile } from '../../../core/audio-formats';
import { MESSAGES } from '../../../core/messages';
import { getJson } from '../../lib/api-client';
import { refreshTranscriptionData } from '../transcription-data/transcription-queries';
import { sendResumableUpload } from './send-resumable-upload';
import type { UploadChoices } from './send-upload';
import { describeTransferRate, TransferRateMeter } from './transfer-rate';
import { validateAudioFile } from './validate-audio-file';

export const MAX_BULK_FILES = 100;
export const tooManyBulkFilesMessage = (left: number) =>
  `Up to ${MAX_BULK_FILES} files at once: ${left} more could be added, the rest were left out.`;

/** Two at a time: the network stays busy while one finishes, and the rest wait their turn. */
const UPLOADS_AT_ONCE = 2;
const FOLLOW_POLL_MS = 2_000;

export type BulkFileState = 'waiting' | 'uploading' | 'queued' | 'processing' | 'done' | 'failed';

export interface BulkItem {
  key: string;
  file: File;
  state: BulkFileState;
  /** Why it failed, as the server or the check said. */
  reason: string | null;
  /** Percent sent while uploading, the job's percent while processing. */
  progress: number;
  /** Speed and time left while uploading. */
  rate: string | null;
  transcriptionId: string | null;
}

const FINAL: readonly BulkFileState[] = ['done', 'failed'];
let nextKey = 0;

/**
 * Many files sent one after another (two at a time) with the same options, each with its own
 * state. The server decides each file's fate: one refused (the month used up, storage full) says
 * why and the others go on. Jobs are followed from the list's answer, one poll for all.
 */
export function useBulkUpload() {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<BulkItem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [choices, setChoices] = useState<Omit<UploadChoices, 'livePreview'> | null>(null);
  const aborts = useRef(new Map<string, () => void>());

  const update = useCallback((key: string, change: Partial<BulkItem>) => {
    setItems((current) =>
      current.map((item) => (item.key === key ? { ...item, ...change } : item)),
    );
  }, []);

  /** Files dropped or chosen; from a folder, what is not audio is passed over. */
  const add = useCallback((files: readonly File[], options: { fromFolder?: boolean } = {}) => {
    const candidates = options.fromFolder ? files.filter(isAcceptedAudioFile) : [...files];
    setItems((current) => {
      const left = MAX_BULK_FILES - current.filter((item) => !FINAL.includes(item.state)).length;
      setNotice(candidates.length > left ? tooManyBulkFilesMessage(Math.max(0, left)) : null);
      const added = candidates.slice(0, Math.max(0, left)).map((file): BulkItem => {
        const problem = validateAudioFile(file);
        nextKey += 1;
        return {
          key: `bulk-${nextKey}`,
          file,
          state: problem ? 'failed' : 'waiting',
          reason: problem,
          progress: 0,
          rate: null,
          transcriptionId: null,
        };
      });
      return [...current, ...added];
    });
  }, []);

  const start = useCallback((options: Omit<UploadChoices, 'livePreview'>) => {
    setChoices(options);
  }, []);

  // Starts the next waiting files while fewer than UPLOADS_AT_ONCE are sending.
  useEffect(() => {
    if (!choices) return;
    const sending = items.filter((item) => item.state === 'uploading').length;
    const next = items
      .filter((item) => item.state === 'waiting')
      .slice(0, UPLOADS_AT_ONCE - sending);
    for (const item of next) {
      update(item.key, { state: 'uploading' });
      const meter = new TransferRateMeter();
      const request = sendResumableUpload(item.file, choices, ({ sent, total }) => {
        const measured = meter.add(sent, total);
        update(item.key, {
          progress: (sent / Math.max(1, total)) * 100,
          ...(measured ? { rate: describeTransferRate(measured) } : {}),
        });
      });
      aborts.current.set(item.key, request.abort);
      void request.outcome.then((outcome) => {
        aborts.current.delete(item.key);
        if (outcome.kind === 'created') {
          void refreshTranscriptionData(queryClient);
          update(item.key, {
            state: 'queued',
            progress: 0,
            rate: null,
            transcriptionId: outcome.transcription.id,
          });
        } else if (outcome.kind !== 'aborted') {
          update(item.key, {
            state: 'failed',
            rate: null,
            reason:
              outcome.kind === 'http-error'
                ? (outcome.message ?? MESSAGES.genericError)
                : MESSAGES.uploadNetworkError,
          });
        }
      });
    }
  }, [choices, items, queryClient, update]);

  // Follows the jobs of the files sent, from one list request for all of them.
  const following = items.some((item) => item.state === 'queued' || item.state === 'processing');
  useEffect(() => {
    if (!following) return;
    const timer = setInterval(() => {
      // The library the files went into: a team's uploads are listed in the team's.
      const library = choices?.team ? `&team=${encodeURIComponent(choices.team)}` : '';
      void getJson<TranscriptionListItemDto[]>(`/api/transcriptions?limit=100${library}`)
        .then((list) => {
          const byId = new Map((list ?? []).map((entry) => [entry.id, entry]));
          setItems((current) =>
            current.map((item) => {
              const entry = item.transcriptionId ? byId.get(item.transcriptionId) : undefined;
              if (!entry || FINAL.includes(item.state)) return item;
              if (entry.status === 'completed') return { ...item, state: 'done', progress: 100 };
              if (entry.status === 'failed' || entry.status === 'cancelled')
                return { ...item, state: 'failed', reason: entry.error ?? MESSAGES.genericError };
              return {
                ...item,
                state: entry.status === 'processing' ? 'processing' : 'queued',
                progress: entry.progress,
              };
            }),
          );
        })
        .catch(() => undefined);
    }, FOLLOW_POLL_MS);
    return () => clearInterval(timer);
  }, [following, choices?.team]);

  useEffect(() => {
    const pending = aborts.current;
    return () => {
      for (const abort of pending.values()) abort();
    };
  }, []);

  /** Forgets the list once nothing is being sent. */
  const clear = useCallback(() => {
    for (const abort of aborts.current.values()) abort();
    aborts.current.clear();
    setItems([]);
    setNotice(null);
    setChoices(null);
  }, []);

  return {
    items,
    notice,
    started: choices !== null,
    sending:
      choices !== null &&
      items.some((item) => item.state === 'uploading' || item.state === 'waiting'),
    add,
    start,
    clear,
  };
}
