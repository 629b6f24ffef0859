import type { ExportFile, ExportSource } from './export-format.js';

/** `{ filename, language, duration, segments: [{ start, end, text, speaker }] }`, for programs. */
export function exportJson(source: ExportSource): ExportFile {
  const document = {
    filename: source.filename,
    language: source.language,
    duration: source.durationInSeconds,
    segments: source.segments.map(({ start, end, text, speaker }) => ({
      start,
      end,
      text,
      speaker,
    })),
  };
  return {
    contentType: 'application/json; charset=utf-8',
    extension: 'json',
    body: `${JSON.stringify(document, null, 2)}\n`,
  };
}
