import type { SpeechTask } from '../../../core/languages';
import { languageRefusal } from '../../../core/speech-capabilities';
import { useDefaultLanguage, useSpeechCapabilities } from '../transcription-data/speech-settings';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TranscriptionDto } from '../../../core/api/transcriptions';
import { MESSAGES } from '../../../core/messages';
import { FREE_TRUNCATION_NOTICE_BYTES } from '../../../core/plans';
import type { DenoiseSetting } from '../../../core/api/denoise-field';
import type { SpeakersRequested } from '../../../core/speakers';
import { toast } from '../toasts/toast-store';
import { announceResult } from './announce-result';
import { refreshTranscriptionData, useUsage } from '../transcription-data/transcription-queries';
import { sendResumableUpload } from './send-resumable-upload';
import { describeTransferRate, TransferRateMeter } from './transfer-rate';
import { splitMessage, storageProblem, validateAudioFile } from './validate-audio-file';
import { waitForTranscription } from './wait-for-transcription';
import { useSelectedTeam } from '../transcription-data/selected-library';

export type UploadPhase = 'idle' | 'ready' | 'uploading' | 'processing' | 'done';

const RESET_AFTER_DONE_MS = 2_000;

/** The job an upload became, as the list row shows it: the card shows the same numbers. */
export type UploadedJob = Pick<TranscriptionDto, 'id' | 'status' | 'progress' | 'filename'>;

/** The dashboard upload: choose -> 'Ready to upload' -> 'Uploading...' -> 'Processing transcription...' -> done. */
export function useUpload({ isPaid }: { isPaid: boolean }) {
  const queryClient = useQueryClient();
  const usage = useUsage();
  const team = useSelectedTeam();
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  /** The upload's own progress (0-100) while sending. */
  const [progress, setProgress] = useState(0);
  const [job, setJob] = useState<UploadedJob | null>(null);
  /** Speed and time left while sending, once there is enough to say. */
  const [rate, setRate] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [speakers, setSpeakers] = useState<SpeakersRequested>('auto');
  const defaultLanguage = useDefaultLanguage();
  const [chosenLanguage, setLanguage] = useState<string | null>(null);
  const language = chosenLanguage ?? defaultLanguage;
  const [task, setTask] = useState<SpeechTask>('transcribe');
  const capabilities = useSpeechCapabilities();
  const refusal = capabilities ? (languageRefusal(capabilities, { language, task }) ?? null) : null;
  const [denoise, setDenoise] = useState<DenoiseSetting>('auto');
  const [vocabulary, setVocabulary] = useState('');
  const abortSending = useRef<(() => void) | null>(null);
  const following = useRef<AbortController | null>(null);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clear = useCallback(() => {
    clearTimeout(resetTimer.current);
    setFile(null);
    setPhase('idle');
    setProgress(0);
    setJob(null);
  }, []);

  useEffect(
    () => () => {
      abortSending.current?.();
      following.current?.abort();
      clearTimeout(resetTimer.current);
    },
    [],
  );

  // Said once, beside the drop area: the same words again as a toast would only repeat it.
  const reject = useCallback((message: string) => setError(message), []);

  const selectFile = useCallback(
    (candidate: File) => {
      const problem = validateAudioFile(candidate) ?? storageProblem(candidate, usage.data);
      if (problem) return reject(problem);
      clearTimeout(resetTimer.current);
      setError(null);
      setFile(candidate);
      setPhase('ready');
      setProgress(0);
      if (!isPaid && candidate.size > FREE_TRUNCATION_NOTICE_BYTES)
        toast(splitMessage(MESSAGES.automaticTruncation));
    },
    [isPaid, reject, usage.data],
  );

  const follow = async (created: TranscriptionDto) => {
    void refreshTranscriptionData(queryClient);
    let final: TranscriptionDto | null = created;
    if (created.status === 'queued' || created.status === 'processing') {
      setPhase('processing');
      setJob({
        id: created.id,
        status: created.status,
        progress: created.progress,
        filename: created.filename,
      });
      const controller = new AbortController();
      following.current = controller;
      try {
        final = await waitForTranscription(created.id, {
          signal: controller.signal,
          onProgress: (progress) =>
            setJob((current) => current && { ...current, status: 'processing', progress }),
        });
      } catch {
        if (controller.signal.aborted) return;
        final = null;
      }
    }
    void refreshTranscriptionData(queryClient);
    if (final) announceResult(final);
    if (final?.status !== 'completed') return clear();
    setProgress(100);
    setPhase('done');
    resetTimer.current = setTimeout(clear, RESET_AFTER_DONE_MS);
  };

  const upload = async () => {
    if (!file || phase !== 'ready') return;
    // Refused before anything is sent: the server would answer the same after the upload.
    if (refusal) return reject(refusal);
    setError(null);
    setPhase('uploading');
    setProgress(0);
    const meter = new TransferRateMeter();
    const request = sendResumableUpload(
      file,
      { speakers, language, task, denoise, vocabulary, team },
      ({ sent, total }) => {
        setProgress(Math.min(100, (sent / Math.max(1, total)) * 100));
        const measured = meter.add(sent, total);
        if (measured) setRate(describeTransferRate(measured));
      },
    );
    abortSending.current = request.abort;
    const outcome = await request.outcome;
    abortSending.current = null;
    setRate(null);
    if (outcome.kind === 'aborted') return;
    if (outcome.kind === 'created') return follow(outcome.transcription);
    setPhase('ready');
    setProgress(0);
    reject(
      outcome.kind === 'http-error'
        ? (outcome.message ?? MESSAGES.genericError)
        : MESSAGES.uploadNetworkError,
    );
  };

  /** Drops the chosen file; while sending, aborts the request too. */
  const cancel = () => {
    abortSending.current?.();
    abortSending.current = null;
    clear();
    setError(null);
    toast({ title: MESSAGES.uploadCancelledTitle, description: MESSAGES.uploadCancelled });
  };

  /** Stops following a job on this card; the list keeps showing its progress. */
  const continueInBackground = () => {
    following.current?.abort();
    following.current = null;
    clear();
  };

  return {
    file,
    phase,
    progress,
    job,
    rate,
    error,
    speakers,
    setSpeakers,
    language,
    setLanguage,
    task,
    setTask,
    refusal,
    denoise,
    setDenoise,
    vocabulary,
    setVocabulary,
    selectFile,
    reject,
    upload,
    cancel,
    continueInBackground,
  };
}
