/**
 * The one list of files people may send, for the dashboard, the recorder and the free trial alike:
 * every container the transcription pipeline reads (the server still checks the real bytes).
 */
export interface AcceptedAudioFormat {
  label: string;
  /** MIME types browsers and operating systems give such files. */
  mimeTypes: readonly string[];
  /** Lower case, with the dot. */
  extensions: readonly string[];
}

export const ACCEPTED_AUDIO_FORMATS: readonly AcceptedAudioFormat[] = [
  { label: 'MP3', mimeTypes: ['audio/mpeg', 'audio/mp3'], extensions: ['.mp3'] },
  {
    label: 'WAV',
    mimeTypes: ['audio/wav', 'audio/x-wav', 'audio/wave', 'audio/vnd.wave'],
    extensions: ['.wav'],
  },
  { label: 'M4A', mimeTypes: ['audio/mp4', 'audio/x-m4a', 'audio/m4a'], extensions: ['.m4a'] },
  { label: 'OGG', mimeTypes: ['audio/ogg', 'audio/opus'], extensions: ['.ogg', '.oga', '.opus'] },
  { label: 'FLAC', mimeTypes: ['audio/flac', 'audio/x-flac'], extensions: ['.flac'] },
  { label: 'AAC', mimeTypes: ['audio/aac', 'audio/x-aac', 'audio/aacp'], extensions: ['.aac'] },
  { label: 'WebM', mimeTypes: ['audio/webm', 'video/webm'], extensions: ['.webm'] },
  { label: 'MKA', mimeTypes: ['audio/x-matroska'], extensions: ['.mka'] },
  { label: 'MP4', mimeTypes: ['video/mp4'], extensions: ['.mp4'] },
  { label: 'MOV', mimeTypes: ['video/quicktime'], extensions: ['.mov'] },
];

/** "MP3, WAV, … or MOV": every format's label, for the pages, the trial and the upload card. */
export const ACCEPTED_AUDIO_LABELS = listInWords(
  ACCEPTED_AUDIO_FORMATS.map((format) => format.label),
);

function listInWords(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** MIME type to extensions, the shape file pickers and react-dropzone's `accept` take. */
export const ACCEPTED_AUDIO_TYPES: Record<string, string[]> = Object.fromEntries(
  ACCEPTED_AUDIO_FORMATS.flatMap((format) =>
    format.mimeTypes.map((mime) => [mime, [...format.extensions]]),
  ),
);

const MIME_TYPES = new Set(ACCEPTED_AUDIO_FORMATS.flatMap((format) => format.mimeTypes));
const EXTENSIONS = new Set(ACCEPTED_AUDIO_FORMATS.flatMap((format) => format.extensions));

/** By MIME type or by extension: browsers leave the type empty for files they do not know. */
export function isAcceptedAudioFile(file: { name: string; type: string }): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  const mime = file.type.toLowerCase().split(';')[0]?.trim() ?? '';
  return MIME_TYPES.has(mime) || EXTENSIONS.has(extension);
}
