import { useCallback, useEffect, useRef, useState } from 'react';
import type { FreeTrialResult } from '../../../core/api/free-trial';
import { MESSAGES } from '../../../core/messages';
import { readAudioDuration } from './read-audio-duration';
import { FreeTrialError, submitFreeTrial } from './submit-free-trial';

/** What went wrong with the last file or try, in the words shown beside the drop area. */
export interface FreeTrialProblem {
  title: string;
  message: string;
}

/** undefined while the metadata is being read; null when the browser could not tell. */
export type DurationReading = number | null | undefined;

/** Chosen file -> its duration from metadata -> processing -> result dialog; reset starts over. */
export function useFreeTrial() {
  const [file, setFile] = useState<File | null>(null);
  const [duration, setDuration] = useState<DurationReading>(undefined);
  const [processing, setProcessing] = useState(false);
  const [result, setResult] = useState<FreeTrialResult | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  /** Shown beside the drop area until the next file or try. */
  const [error, setError] = useState<FreeTrialProblem | null>(null);
  // Bumped by every new file and reset, so a late answer for an old file is dropped.
  const generation = useRef(0);

  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const choose = useCallback((chosen: File) => {
    const current = ++generation.current;
    setFile(chosen);
    setError(null);
    setDuration(undefined);
    setResult(null);
    setDialogOpen(false);
    setProcessing(false);
    void readAudioDuration(chosen).then((seconds) => {
      if (current === generation.current) setDuration(seconds);
    });
  }, []);

  const reset = useCallback(() => {
    generation.current += 1;
    setFile(null);
    setError(null);
    setDuration(undefined);
    setResult(null);
    setDialogOpen(false);
    setProcessing(false);
  }, []);

  const transcribe = useCallback(async () => {
    if (!file) return;
    const current = generation.current;
    setProcessing(true);
    setError(null);
    try {
      const answer = await submitFreeTrial(file);
      if (current !== generation.current) return;
      setResult(answer);
      setDialogOpen(true);
    } catch (error) {
      if (current !== generation.current) return;
      setError({
        title: MESSAGES.transcriptionFailedTitle,
        message: error instanceof FreeTrialError ? error.message : MESSAGES.freeTrialFailed,
      });
    } finally {
      if (current === generation.current) setProcessing(false);
    }
  }, [file]);

  return {
    file,
    duration,
    processing,
    result,
    dialogOpen,
    setDialogOpen,
    error,
    refuse: setError,
    choose,
    reset,
    transcribe,
  };
}
