import { EXPORT_FORMATS, type ExportFormat } from '../../../core/api/transcription-values';
import { transcriptFileName } from '../../../core/format/transcript-file-name';
import { MESSAGES } from '../../../core/messages';
import { throwIfNotOk } from '../../lib/api-client';
import { toast } from '../toasts/toast-store';
import { EXPORT_FORMAT_LABELS } from './export-format-labels';

/** The export formats as menus name them, in the order they are offered. */
export const DOWNLOAD_FORMATS: ReadonlyArray<{ format: ExportFormat; label: string }> =
  EXPORT_FORMATS.map((format) => ({ format, label: EXPORT_FORMAT_LABELS[format] }));

export interface DownloadOptions {
  /** TXT unless told. */
  format?: ExportFormat;
  /** The machine's first transcript instead of the edited one. */
  version?: 'original';
  /** With the comment threads (JSON and DOCX). */
  comments?: boolean;
}

/** `/api/download/:id` with the format and version asked for (TXT stays the bare URL). */
export function downloadUrl(
  id: string,
  { format = 'txt', version, comments }: DownloadOptions = {},
): string {
  const params = new URLSearchParams();
  if (format !== 'txt') params.set('format', format);
  if (version) params.set('version', version);
  if (comments) params.set('comments', 'true');
  const query = params.toString();
  return `/api/download/${encodeURIComponent(id)}${query ? `?${query}` : ''}`;
}

/**
 * Saves the transcript as "<original name>.<format>" through a Blob URL; tells the user how it
 * went. The one place the web app downloads transcripts.
 */
export async function downloadTranscription(
  transcription: { id: string; filename: string },
  options: DownloadOptions = {},
): Promise<void> {
  try {
    const response = await fetch(downloadUrl(transcription.id, options), {
      credentials: 'include',
    });
    await throwIfNotOk(response);
    const url = URL.createObjectURL(await response.blob());
    const link = document.createElement('a');
    link.href = url;
    link.download = transcriptFileName(transcription.filename, options.format);
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
