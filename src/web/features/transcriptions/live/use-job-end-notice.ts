import { useEffect, useRef } from 'react';
import type { TranscriptionDto } from '../../../../core/api/transcriptions';
import { PRODUCT_NAME } from '../../../../core/product';

const ENDINGS: Partial<Record<TranscriptionDto['status'], string>> = {
  completed: 'Transcript ready',
  failed: 'Transcription failed',
  cancelled: 'Transcription cancelled',
};

export function canNotify(): boolean {
  return typeof Notification !== 'undefined';
}

/**
 * When a job ends while its tab is in the background: the tab's title says so until the tab is
 * looked at again, and a browser notification too when the user allowed them.
 */
export function useJobEndNotice(transcription: {
  status: TranscriptionDto['status'] | undefined;
  filename: string;
}): void {
  const previous = useRef(transcription.status);
  useEffect(() => {
    const was = previous.current;
    previous.current = transcription.status;
    // Only a change seen on this page counts: opening a finished one (after loading) is not news.
    const ending = transcription.status && ENDINGS[transcription.status];
    if (!ending || (was !== 'queued' && was !== 'processing') || !document.hidden) return;
    const pageTitle = document.title;
    document.title = `${ending}: ${transcription.filename} - ${PRODUCT_NAME}`;
    const restore = () => {
      if (document.hidden) return;
      document.title = pageTitle;
      document.removeEventListener('visibilitychange', restore);
    };
    document.addEventListener('visibilitychange', restore);
    if (canNotify() && Notification.permission === 'granted')
      new Notification(ending, { body: transcription.filename, tag: transcription.filename });
  }, [transcription.status, transcription.filename]);
}
