import { open } from 'node:fs/promises';

export type AudioFormat =
  'mp3' | 'wav' | 'flac' | 'ogg' | 'm4a' | 'mp4' | 'aac' | 'webm' | 'matroska';
/** ffmpeg's `-f` name for the container: forcing it keeps ffmpeg from guessing (HLS, concat, images). */
export type AudioDemuxer = 'mp3' | 'wav' | 'flac' | 'ogg' | 'mov' | 'aac' | 'matroska';
export type OggCodec = 'vorbis' | 'opus' | 'flac' | 'speex';

export interface SniffedAudioFormat {
  format: AudioFormat;
  demuxer: AudioDemuxer;
  /** Only for OGG, whose container says little about what it holds. */
  codec?: OggCodec;
}

export const SNIFF_BYTES = 64 * 1024;

const DEMUXER_OF_FORMAT: Record<AudioFormat, AudioDemuxer> = {
  mp3: 'mp3',
  wav: 'wav',
  flac: 'flac',
  ogg: 'ogg',
  m4a: 'mov',
  mp4: 'mov',
  aac: 'aac',
  webm: 'matroska',
  matroska: 'matroska',
};

/** The demuxer for a format sniffed earlier (stored with a transcript), or null if it is none. */
export function demuxerOfFormat(format: string): AudioDemuxer | null {
  return Object.hasOwn(DEMUXER_OF_FORMAT, format) ? DEMUXER_OF_FORMAT[format as AudioFormat] : null;
}

/** Reads the first bytes of a file and names its real container, whatever its name or MIME type say. */
export async function sniffAudioFile(filePath: string): Promise<SniffedAudioFormat | null> {
  const handle = await open(filePath, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return sniffAudioFormat(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

export function sniffAudioFormat(bytes: Uint8Array): SniffedAudioFormat | null {
  const id3End = skipId3Tags(bytes);
  if (id3End > 0) {
    // An ID3 tag usually fronts MP3, but AAC and FLAC files carry them too; a tag that fills the
    // sniffed bytes (cover art) or is followed by nothing we know is left to ffprobe as MP3.
    const inner = id3End < bytes.length ? sniffContainer(bytes.subarray(id3End)) : null;
    return inner ?? { format: 'mp3', demuxer: 'mp3' };
  }
  return sniffContainer(bytes);
}

function sniffContainer(bytes: Uint8Array): SniffedAudioFormat | null {
  if (bytes.length < 4) return null;
  if (startsWithAscii(bytes, 0, 'fLaC')) return { format: 'flac', demuxer: 'flac' };
  if (isWave(bytes)) return { format: 'wav', demuxer: 'wav' };
  if (startsWithAscii(bytes, 0, 'OggS')) return sniffOgg(bytes);
  if (startsWithAscii(bytes, 4, 'ftyp')) return sniffIsoMedia(bytes);
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3)
    return sniffEbml(bytes);
  if (isAdtsHeader(bytes, 0)) return { format: 'aac', demuxer: 'aac' };
  if (isMpegAudioHeader(bytes, 0)) return { format: 'mp3', demuxer: 'mp3' };
  return null;
}

function startsWithAscii(bytes: Uint8Array, offset: number, text: string): boolean {
  if (bytes.length < offset + text.length) return false;
  for (let index = 0; index < text.length; index += 1) {
    if (bytes[offset + index] !== text.charCodeAt(index)) return false;
  }
  return true;
}

function readAscii(bytes: Uint8Array, offset: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + length));
}

/** Returns the offset just after any leading ID3v2 tags, or 0 when there is none. */
function skipId3Tags(bytes: Uint8Array): number {
  let offset = 0;
  while (startsWithAscii(bytes, offset, 'ID3') && bytes.length >= offset + 10) {
    const flags = bytes[offset + 5] ?? 0;
    const size =
      ((bytes[offset + 6] ?? 0) << 21) |
      ((bytes[offset + 7] ?? 0) << 14) |
      ((bytes[offset + 8] ?? 0) << 7) |
      (bytes[offset + 9] ?? 0);
    const hasFooter = (flags & 0x10) !== 0;
    offset += 10 + size + (hasFooter ? 10 : 0);
  }
  return offset;
}

function isWave(bytes: Uint8Array): boolean {
  const riff =
    startsWithAscii(bytes, 0, 'RIFF') ||
    startsWithAscii(bytes, 0, 'RF64') ||
    startsWithAscii(bytes, 0, 'BW64');
  return riff && startsWithAscii(bytes, 8, 'WAVE');
}

function sniffOgg(bytes: Uint8Array): SniffedAudioFormat {
  const segmentCount = bytes[26] ?? 0;
  const payload = 27 + segmentCount;
  const codec: OggCodec | undefined = startsWithAscii(bytes, payload, '\x01vorbis')
    ? 'vorbis'
    : startsWithAscii(bytes, payload, 'OpusHead')
      ? 'opus'
      : startsWithAscii(bytes, payload, '\x7fFLAC')
        ? 'flac'
        : startsWithAscii(bytes, payload, 'Speex   ')
          ? 'speex'
          : undefined;
  // An unknown first stream (Theora video, say) may still sit beside audio: ffprobe decides.
  return codec ? { format: 'ogg', demuxer: 'ogg', codec } : { format: 'ogg', demuxer: 'ogg' };
}

/** HEIF/AVIF pictures and camera raw files share the ISO box layout with MP4. */
const IMAGE_BRANDS = new Set([
  'avif',
  'avis',
  'heic',
  'heix',
  'hevc',
  'hevx',
  'heim',
  'heis',
  'mif1',
  'msf1',
  'crx ',
]);

function sniffIsoMedia(bytes: Uint8Array): SniffedAudioFormat | null {
  if (bytes.length < 12) return null;
  const brand = readAscii(bytes, 8, 4);
  if (IMAGE_BRANDS.has(brand)) return null;
  const isAudioBrand =
    brand.startsWith('M4A') || brand.startsWith('M4B') || brand.startsWith('M4P');
  return { format: isAudioBrand ? 'm4a' : 'mp4', demuxer: 'mov' };
}

interface EbmlNumber {
  value: number;
  length: number;
}

function readEbmlNumber(bytes: Uint8Array, offset: number, keepMarker: boolean): EbmlNumber | null {
  const first = bytes[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > bytes.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index += 1)
    value = value * 256 + (bytes[offset + index] ?? 0);
  return { value, length };
}

const EBML_DOC_TYPE = 0x4282;

function sniffEbml(bytes: Uint8Array): SniffedAudioFormat | null {
  const headerSize = readEbmlNumber(bytes, 4, false);
  if (!headerSize) return null;
  let offset = 4 + headerSize.length;
  const end = Math.min(bytes.length, offset + headerSize.value);
  while (offset < end) {
    const id = readEbmlNumber(bytes, offset, true);
    if (!id) return null;
    const size = readEbmlNumber(bytes, offset + id.length, false);
    if (!size) return null;
    offset += id.length + size.length;
    if (id.value === EBML_DOC_TYPE) {
      const docType = readAscii(bytes, offset, size.value).replace(/\0+$/, '');
      if (docType === 'webm') return { format: 'webm', demuxer: 'matroska' };
      if (docType === 'matroska') return { format: 'matroska', demuxer: 'matroska' };
      return null;
    }
    offset += size.value;
  }
  return null;
}

/** AAC in ADTS frames: a 12-bit sync word with layer 0; checks the next frame's sync when it is in view. */
function isAdtsHeader(bytes: Uint8Array, offset: number): boolean {
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xf6) !== 0xf0) return false;
  if (((b2 >> 2) & 0x0f) >= 13) return false;
  const frameLength =
    (((bytes[offset + 3] ?? 0) & 0x03) << 11) |
    ((bytes[offset + 4] ?? 0) << 3) |
    ((bytes[offset + 5] ?? 0) >> 5);
  if (frameLength < 7) return false;
  const next = offset + frameLength;
  if (next + 1 >= bytes.length) return true;
  return bytes[next] === 0xff && ((bytes[next + 1] ?? 0) & 0xf6) === 0xf0;
}

/** An MPEG audio frame header with no reserved values (version, layer, bitrate, sample rate, emphasis). */
function isMpegAudioHeader(bytes: Uint8Array, offset: number): boolean {
  if (bytes.length < offset + 4) return false;
  const b1 = bytes[offset + 1] ?? 0;
  const b2 = bytes[offset + 2] ?? 0;
  const b3 = bytes[offset + 3] ?? 0;
  if (bytes[offset] !== 0xff || (b1 & 0xe0) !== 0xe0) return false;
  const version = (b1 >> 3) & 0x03;
  const layer = (b1 >> 1) & 0x03;
  const bitrateIndex = b2 >> 4;
  const sampleRateIndex = (b2 >> 2) & 0x03;
  return (
    version !== 1 &&
    layer !== 0 &&
    bitrateIndex !== 15 &&
    sampleRateIndex !== 3 &&
    (b3 & 0x03) !== 2
  );
}
