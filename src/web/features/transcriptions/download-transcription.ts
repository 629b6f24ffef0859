import { MESSAGES } from '../../../core/messages';
import { transcriptFileName } from '../../../core/format/transcript-file-name';
import { throwIfNotOk } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';

/** Saves the transcript as "<original name>.txt" through a Blob URL; tells the user how it went. */
export async function downloadTranscription(transcription: {
  id: string;
  filename: string;
}): Promise<void> {
  try {
    const response = await fetch(`/api/download/${encodeURIComponent(transcription.id)}`, {
      credentials: 'include',
    });
    await throwIfNotOk(response);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = transcriptFileName(transcription.filename);
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked later: some browsers read the URL after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    toast({ title: MESSAGES.downloadSucceeded });
  } catch {
    toast({
      title: 'Download failed',
      description: MESSAGES.downloadFailed,
      variant: 'destructive',
    });
  }
}
