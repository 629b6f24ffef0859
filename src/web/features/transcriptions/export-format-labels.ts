import type { ExportFormat } from '../../../core/api/transcription-values';

/** How download menus name each export format, in the order they list them. */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  txt: 'Text (.txt)',
  srt: 'Subtitles SRT (.srt)',
  vtt: 'Subtitles WebVTT (.vtt)',
  docx: 'Word (.docx)',
  pdf: 'PDF (.pdf)',
  json: 'JSON (.json)',
  md: 'Markdown (.md)',
};
