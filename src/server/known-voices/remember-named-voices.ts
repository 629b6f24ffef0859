import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/database.js';
import type { StoredSegment } from '../db/schema.js';
import { isSpeakerLabel } from '../../core/speakers.js';
import { demuxerOfFormat } from '../speech/audio/sniff-audio-format.js';
import { measureVoices } from '../speech/speakers/measure-voices.js';
import type { TimeSpan } from '../speech/speakers/voice-statistics.js';
import type { ObjectStorage } from '../storage/object-storage.js';
import {
  findNamedRecording,
  findRememberVoices,
  rememberVoice,
  voicesLearntFrom,
} from './known-voices.repository.js';
import type { RememberVoicesJobData } from './remember-voices-jobs.js';

/** Names that an edit gave: on lines now, on none before, and not a label detection gives. */
export function namesGiven(
  before: readonly StoredSegment[],
  after: readonly StoredSegment[],
): string[] {
  const had = new Set(before.map((segment) => segment.speaker));
  return [...new Set(after.map((segment) => segment.speaker))].filter(
    (name) => !had.has(name) && !isSpeakerLabel(name),
  );
}

/** Where each name's lines are, to tell whether an edit moved lines to or from it. */
function linesByName(segments: readonly StoredSegment[]): Map<string, string> {
  const spans = new Map<string, string[]>();
  for (const segment of segments)
    spans.set(segment.speaker, [
      ...(spans.get(segment.speaker) ?? []),
      `${segment.start}-${segment.end}`,
    ]);
  return new Map([...spans].map(([name, lines]) => [name, lines.join(',')]));
}

/**
 * Names that were on lines before the edit and whose lines it changed (a line given to or taken
 * from them), not labels: a voice remembered from this recording is measured again on them, so
 * a person who corrects lines detection gave the wrong speaker corrects the voice too.
 */
export function namesMoved(
  before: readonly StoredSegment[],
  after: readonly StoredSegment[],
): string[] {
  const had = linesByName(before);
  const has = linesByName(after);
  return [...had.keys()].filter(
    (name) => !isSpeakerLabel(name) && has.has(name) && has.get(name) !== had.get(name),
  );
}

export interface RememberNamedVoicesDeps {
  db: Database;
  storage: ObjectStorage;
  workDir: string;
}

/**
 * The remember-voices job: the voices of speakers the user named in a recording are remembered,
 * when the user (still) chooses so, and voices learnt from it before whose lines moved are
 * measured again. Each voice is measured again from the stored audio over the
 * lines that carry its name now; a name no longer on any line is skipped. Running it again
 * replaces what this recording said of each voice with the same, so a retried job is harmless.
 */
export async function rememberNamedVoices(
  deps: RememberNamedVoicesDeps,
  { transcriptionId, names: given, moved = [] }: RememberVoicesJobData,
): Promise<void> {
  const recording = await findNamedRecording(deps.db, transcriptionId);
  if (!recording) return;
  if (!(await findRememberVoices(deps.db, recording.userId))) return;
  const learntHere = await voicesLearntFrom(deps.db, recording.userId, recording.id);
  const names = [...given, ...moved.filter((name) => learntHere.has(name))];
  const demuxer = demuxerOfFormat(recording.audioFormat);
  if (!demuxer) return;
  const spans = new Map<string, TimeSpan[]>(
    names
      .map((name): [string, TimeSpan[]] => [
        name,
        recording.segments.filter(
          (segment) => segment.speaker === name && segment.end > segment.start,
        ),
      ])
      .filter(([, lines]) => lines.length > 0),
  );
  if (spans.size === 0) return;
  const workDir = await mkdtemp(path.join(deps.workDir, `voices-${recording.id}-`));
  try {
    const audio = await deps.storage.fetch(recording.audioKey, workDir);
    const measured = await measureVoices({
      inputPath: audio.path,
      demuxer,
      workDir,
      spans,
    }).finally(() => audio.release());
    for (const [name, statistics] of measured)
      if (statistics.frames > 0)
        await rememberVoice(deps.db, recording.userId, name, recording.id, statistics);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
