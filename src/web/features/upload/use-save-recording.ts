import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import type { SpeechTask } from '../../../core/languages';
import { MESSAGES } from '../../../core/messages';
import type { FinishedRecording } from '../recorder/finished-recording';
import { deleteStoredRecording } from '../recorder/recording-store';
import { refreshTranscriptionData } from '../transcription-data/transcription-queries';
import { announceResult } from './announce-result';
import { sendUpload } from './send-upload';
import { waitForTranscription } from './wait-for-transcription';
import { useSelectedTeam } from '../transcription-data/selected-library';

export type RecordingSavePhase = 'saving' | 'processing' | TranscriptionDto['status'];

/** The recording most recently stopped (or recovered), from its upload to its transcript. */
export interface RecordingSave {
  name: string;
  seconds: number;
  /** The live preview's words until the transcript is made, then the transcript's. */
  text: string;
  transcribed: boolean;
  phase: RecordingSavePhase;
  /** 0-100: sending, then the job's own progress. */
  progress: number;
  transcriptionId: string | null;
  error: string | null;
}

const notSavedMessage = (outcome: Awaited<ReturnType<typeof sendUpload>['outcome']>) =>
  outcome.kind === 'http-error'
    ? (outcome.message ?? MESSAGES.genericError)
    : MESSAGES.uploadNetworkError;

/**
 * Saves a stopped recording at once, with the card's language and task, and follows its
 * transcription. The browser's copy is deleted only once the server has answered with the saved
 * transcription; a refused or failed save is handed to `onNotSaved` (the copy stays, to be
 * offered again). A newer recording takes the view over; an older one's save still finishes.
 */
export function useSaveRecording({
  language,
  task,
  onNotSaved,
}: {
  language: string;
  task: SpeechTask;
  onNotSaved: (id: string, problem: string) => void;
}) {
  const queryClient = useQueryClient();
  const team = useSelectedTeam();
  const [save, setSave] = useState<RecordingSave | null>(null);
  const [sending, setSending] = useState(0);
  const shown = useRef(0);
  const following = useRef<AbortController | null>(null);

  useEffect(() => () => following.current?.abort(), []);

  const saveRecording = useCallback(
    async (recording: FinishedRecording) => {
      shown.current += 1;
      const mine = shown.current;
      const update = (change: Partial<RecordingSave>) => {
        if (mine === shown.current)
          setSave((current) => (current ? { ...current, ...change } : current));
      };
      following.current?.abort();
      following.current = null;
      setSave({
        name: recording.name,
        seconds: recording.seconds,
        text: recording.liveText,
        transcribed: false,
        phase: 'saving',
        progress: 0,
        transcriptionId: null,
        error: null,
      });
      setSending((count) => count + 1);
      const request = sendUpload(
        recording.file,
        {
          speakers: 'auto',
          language,
          task,
          denoise: 'auto',
          vocabulary: '',
          // Its preview was counted on the Free plan: the save claims it (decision 0072).
          livePreview: recording.livePreview,
          team,
        },
        (fraction) => update({ progress: Math.round(fraction * 100) }),
      );
      const outcome = await request.outcome;
      if (outcome.kind !== 'created') {
        recording.release();
        setSending((count) => count - 1);
        if (mine === shown.current) setSave(null);
        onNotSaved(recording.id, notSavedMessage(outcome));
        return;
      }
      // The server has it: the browser's copy can go.
      await deleteStoredRecording(recording.id).catch(() => undefined);
      recording.release();
      setSending((count) => count - 1);
      void refreshTranscriptionData(queryClient);
      const created = outcome.transcription;
      update({ phase: created.status, progress: created.progress, transcriptionId: created.id });
      if (mine !== shown.current) return;
      let final: TranscriptionDto | null = created;
      if (created.status === 'queued' || created.status === 'processing') {
        const controller = new AbortController();
        following.current = controller;
        update({ phase: 'processing' });
        try {
          final = await waitForTranscription(created.id, {
            signal: controller.signal,
            onProgress: (progress) => update({ progress }),
          });
        } catch {
          if (controller.signal.aborted) return;
          final = null;
        }
      }
      void refreshTranscriptionData(queryClient);
      // Deleted meanwhile, or not to be followed from here: the list shows where it is.
      if (!final) {
        if (mine === shown.current) setSave(null);
        return;
      }
      announceResult(final);
      update({
        phase: final.status,
        progress: final.status === 'completed' ? 100 : final.progress,
        error: final.status === 'failed' ? (final.error ?? MESSAGES.genericError) : null,
        ...(final.text ? { text: final.text, transcribed: true } : {}),
      });
    },
    [language, task, onNotSaved, queryClient, team],
  );

  return { save, saveRecording, sending: sending > 0 };
}
