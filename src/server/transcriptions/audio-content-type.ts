const CONTENT_TYPES: Record<string, string> = {
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  webm: 'audio/webm',
  matroska: 'audio/x-matroska',
};

export function audioContentType(format: string): string {
  return CONTENT_TYPES[format] ?? 'application/octet-stream';
}
