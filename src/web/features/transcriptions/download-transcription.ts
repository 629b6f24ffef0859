import type { ExportFormat } from '../../../core/api-types';
import { MESSAGES } from '../../../core/messages';
import { transcriptFileName } from '../../../core/format/transcript-file-name';
import { throwIfNotOk } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';

/** Saves the transcript as "<original name>.<format>" through a Blob URL; tells the user how it went. */
export async function downloadTranscription(
  transcription: { id: string; filename: string },
  format: ExportFormat = 'txt',
): Promise<void> {
  try {
    const query = format === 'txt' ? '' : `?format=${format}`;
    const response = await fetch(`/api/download/${encodeURIComponent(transcription.id)}${query}`, {
      credentials: 'include',
    });
    await throwIfNotOk(response);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = transcriptFileName(transcription.filename).replace(/\.txt$/, `.${format}`);
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
