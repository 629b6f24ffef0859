import type { TranscriptSegmentDto, TranscriptionPatch } from '../../core/api/transcriptions.js';
import { withoutSpoofingCharacters } from '../../core/format/without-spoofing-characters.js';
import { SPEAKER_NAME_MAX_CHARACTERS } from '../../core/speakers.js';
import { AppError } from '../errors/app-error.js';

export const MAX_FILENAME_CHARACTERS = 200;
export const MAX_SEGMENT_CHARACTERS = 5_000;
export const MAX_SEGMENTS = 20_000;

/** An edited line; without a speaker it keeps the one the line at its place had. */
export type EditedSegment = Omit<TranscriptSegmentDto, 'speaker' | 'words'> & { speaker?: string };

export interface ValidPatch {
  filename?: string;
  segments?: EditedSegment[];
  /** Current name → new name, applied to every line at once, after `segments`. */
  speakers?: Map<string, string>;
  /** The version the edit was made on; undefined applies the edit to the latest. */
  version?: number;
}

function badRequest(message: string): never {
  throw new AppError('bad_request', message);
}

/** `If-Match: "3"` (or W/"3", or 3). `*` and no header name no version. */
export function versionFromIfMatch(header: string | undefined): number | undefined {
  if (header === undefined || header.trim() === '*') return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) badRequest('If-Match must be the version in quotes, for example "3".');
  return Number(match[1]);
}

function validFilename(raw: string): string {
  const filename = raw.trim();
  if (filename === '') badRequest('The file name cannot be empty.');
  if (withoutSpoofingCharacters(filename) !== filename) {
    badRequest(
      'The file name cannot contain line breaks, control characters or text direction overrides.',
    );
  }
  if (Array.from(filename).length > MAX_FILENAME_CHARACTERS) {
    badRequest(`The file name is too long (${MAX_FILENAME_CHARACTERS} characters at most).`);
  }
  return filename;
}

/** A speaker's name as given: trimmed, 1-60 characters, nothing invisible or reordering. */
function validSpeakerName(raw: string, where: string): string {
  const name = raw.trim();
  if (name === '') badRequest(`${where}: a speaker's name cannot be empty.`);
  if (withoutSpoofingCharacters(name) !== name) {
    badRequest(
      `${where}: a speaker's name cannot contain line breaks, control characters or text direction overrides.`,
    );
  }
  if (Array.from(name).length > SPEAKER_NAME_MAX_CHARACTERS) {
    badRequest(
      `${where}: a speaker's name is too long (${SPEAKER_NAME_MAX_CHARACTERS} characters at most).`,
    );
  }
  return name;
}

function validRenames(renames: Record<string, string>): Map<string, string> {
  return new Map(
    Object.entries(renames).map(([current, name]) => [
      current,
      validSpeakerName(name, `Renaming ${quoted(current)}`),
    ]),
  );
}

/** A name a request sent, quoted for a message, cut short if it is long. */
export function quoted(name: string): string {
  const shown = Array.from(withoutSpoofingCharacters(name));
  return `"${shown.slice(0, SPEAKER_NAME_MAX_CHARACTERS).join('')}${shown.length > SPEAKER_NAME_MAX_CHARACTERS ? '…' : ''}"`;
}

function validSegments(segments: EditedSegment[], audioSeconds: number): EditedSegment[] {
  if (segments.length > MAX_SEGMENTS) {
    badRequest(`A transcript has at most ${MAX_SEGMENTS} segments.`);
  }
  const limit = Math.round(audioSeconds * 1000) / 1000;
  let previousStart = 0;
  return segments.map((segment, index) => {
    const name = `Segment ${index + 1}`;
    const { start, end } = segment;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0) {
      badRequest(`${name}: start and end must be seconds from 0.`);
    }
    if (start > end) badRequest(`${name}: start must not be after its end.`);
    if (start < previousStart) badRequest(`${name}: segments must be in order of their start.`);
    if (end > limit) {
      badRequest(`${name}: ends at ${end} s, after the end of the audio (${limit} s).`);
    }
    const text = segment.text.trim();
    if (text.length > MAX_SEGMENT_CHARACTERS) {
      badRequest(`${name}: text is too long (${MAX_SEGMENT_CHARACTERS} characters at most).`);
    }
    previousStart = start;
    return segment.speaker === undefined
      ? { start, end, text }
      : { start, end, text, speaker: validSpeakerName(segment.speaker, name) };
  });
}

/**
 * Checks an edit, already of the right shape, against the transcript it edits. `audioSeconds` is
 * how far segments may reach: the transcribed part of the audio. Throws a 400 with a message a
 * person can act on.
 */
export function parsePatch(
  body: TranscriptionPatch,
  ifMatch: string | undefined,
  audioSeconds: number,
): ValidPatch {
  const { filename, segments, speakers, version: bodyVersion } = body;
  const headerVersion = versionFromIfMatch(ifMatch);
  if (bodyVersion !== undefined && headerVersion !== undefined && bodyVersion !== headerVersion) {
    badRequest('The version field and the If-Match header name different versions.');
  }
  const renames = speakers && Object.keys(speakers).length > 0 ? speakers : undefined;
  if (filename === undefined && segments === undefined && renames === undefined) {
    badRequest('Nothing to change: send a filename, segments or speakers.');
  }
  return {
    ...(filename !== undefined ? { filename: validFilename(filename) } : {}),
    ...(segments !== undefined ? { segments: validSegments(segments, audioSeconds) } : {}),
    ...(renames !== undefined ? { speakers: validRenames(renames) } : {}),
    ...((bodyVersion ?? headerVersion) ? { version: bodyVersion ?? headerVersion } : {}),
  };
}
