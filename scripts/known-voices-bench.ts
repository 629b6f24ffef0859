/**
 * Known voices on ../shared/data/speakers: each reader is named in one recording and looked for in
 * another. Every conversation is cut into two recordings at its turns: each reader's 1st and 3rd
 * turns go to the first, their 2nd to the second (a reader with one turn is only in the first),
 * the other readers' turns staying in their order with the pause after each. A reader is named in
 * one of the two and looked for in the other, both ways, among the voices of every reader named
 * in the whole set (one account that named them all). Naming is a user's: each detected speaker
 * gets one name, the reader's with most of its time, so a reader detection merged into another's
 * speaker gets no voice. Without a transcript, the recording's lines are its detected turns cut at
 * pauses; a turn counts under the name most of its time carries.
 */
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { decodeAudio } from '../src/server/speech/audio/decode-audio.js';
import { PCM_SAMPLE_RATE } from '../src/server/speech/audio/pcm-format.js';
import { planChunks } from '../src/server/speech/audio/plan-chunks.js';
import { readPcmRange } from '../src/server/speech/audio/read-pcm-range.js';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { detectSpeakers, type SpeakerTurn } from '../src/server/speech/speakers/detect-speakers.js';
import {
  nameLines,
  OTHER_VOICES_FARTHER_BY,
  recogniseVoices,
  SAME_VOICE_BELOW,
  type HeardLine,
  type KnownVoice,
} from '../src/server/speech/speakers/recognise-voices.js';
import { BLOCK_SECONDS, SpeakerFeatures } from '../src/server/speech/speakers/speaker-features.js';
import {
  voiceStatisticsOver,
  type VoiceStatistics,
} from '../src/server/speech/speakers/voice-statistics.js';

export interface TruthEntry {
  file: string;
  speakers: number;
  duration: number;
  turns: { start: number; end: number; speaker: string }[];
}

interface Part {
  name: string;
  samples: Int16Array;
  turns: { start: number; end: number; speaker: string }[];
}

async function decodeWhole(file: string, workDir: string): Promise<Int16Array> {
  const sniffed = await sniffAudioFile(file);
  if (!sniffed) throw new Error(`${file}: not audio`);
  const decoded = await decodeAudio({
    inputPath: file,
    demuxer: sniffed.demuxer,
    outputPath: path.join(workDir, 'known-voices.pcm'),
  });
  return readPcmRange(decoded.pcmPath, { startSample: 0, endSample: decoded.sampleCount });
}

/** The two recordings cut from one conversation (the second may be empty). */
function cutInTwo(entry: TruthEntry, samples: Int16Array): Part[] {
  const seen = new Map<string, number>();
  const parts: Part[] = [
    { name: `${entry.file} (1st, 3rd turns)`, samples: new Int16Array(0), turns: [] },
    { name: `${entry.file} (2nd turns)`, samples: new Int16Array(0), turns: [] },
  ];
  const pieces: Int16Array[][] = [[], []];
  const lengths = [0, 0];
  entry.turns.forEach((turn, index) => {
    const nth = seen.get(turn.speaker) ?? 0;
    seen.set(turn.speaker, nth + 1);
    const part = nth % 2;
    const from = Math.round(turn.start * PCM_SAMPLE_RATE);
    const next = entry.turns[index + 1];
    const to = Math.min(
      samples.length,
      Math.round((next ? next.start : Math.max(turn.end + 0.5, entry.duration)) * PCM_SAMPLE_RATE),
    );
    const piece = samples.subarray(from, to);
    const at = lengths[part]! / PCM_SAMPLE_RATE;
    parts[part]!.turns.push({
      start: at,
      end: at + (turn.end - turn.start),
      speaker: turn.speaker,
    });
    pieces[part]!.push(piece);
    lengths[part]! += piece.length;
  });
  parts.forEach((part, index) => {
    const joined = new Int16Array(lengths[index]!);
    let at = 0;
    for (const piece of pieces[index]!) {
      joined.set(piece, at);
      at += piece.length;
    }
    part.samples = joined;
  });
  return parts.filter((part) => part.turns.length > 0);
}

interface Heard {
  part: Part;
  turns: SpeakerTurn[];
  /** The recording's speaker features, as `SpeakerFeatures` gathered them. */
  blocks: (Float64Array | null)[];
  /** Statistics of each voice detection found. */
  voices: Map<number, VoiceStatistics>;
  /** The transcript's lines as an engine would cut them, each under its detected voice. */
  lines: HeardLine[];
}

/** A quarter second with fewer speech frames (of 25) than this is quiet. */
const QUIET_BELOW_FRAMES = 5;
/** Two quiet quarter seconds: PocketSphinx's lines end at pauses of 0.4 s between words. */
const LINE_PAUSE_BLOCKS = 2;

/** Lines without a transcript: the detected turns, cut where they pause. */
function linesOf(
  blocks: readonly (Float64Array | null)[],
  turns: readonly SpeakerTurn[],
): HeardLine[] {
  const lines: HeardLine[] = [];
  for (const turn of turns) {
    const speaker = String(turn.speaker);
    let start = turn.start;
    let spokenTo = turn.start;
    let quiet = 0;
    const [first, last] = [
      Math.round(turn.start / BLOCK_SECONDS),
      Math.round(turn.end / BLOCK_SECONDS),
    ];
    for (let index = first; index < last; index += 1) {
      if ((blocks[index]?.[0] ?? 0) < QUIET_BELOW_FRAMES) {
        quiet += 1;
        continue;
      }
      if (quiet >= LINE_PAUSE_BLOCKS && spokenTo > start) {
        lines.push({ start, end: spokenTo, speaker });
        start = index * BLOCK_SECONDS;
      }
      quiet = 0;
      spokenTo = (index + 1) * BLOCK_SECONDS;
    }
    if (spokenTo > start) lines.push({ start, end: spokenTo, speaker });
  }
  return lines;
}

/** Detection as in a job: chunks planned on the recording, features, then voices. */
async function hear(part: Part, workDir: string): Promise<Heard> {
  const pcmPath = path.join(workDir, 'part.pcm');
  await writeFile(pcmPath, part.samples);
  const chunks = await planChunks(pcmPath, { maxChunkSeconds: 60 });
  const features = new SpeakerFeatures();
  for (const chunk of chunks)
    features.addChunk(chunk.startSample, await readPcmRange(pcmPath, chunk));
  const blocks = features.timeline();
  const turns = detectSpeakers(blocks);
  const voices = new Map<number, VoiceStatistics>();
  for (const speaker of new Set(turns.map((turn) => turn.speaker)))
    voices.set(
      speaker,
      voiceStatisticsOver(
        blocks,
        turns.filter((turn) => turn.speaker === speaker),
      ),
    );
  return { part, turns, blocks, voices, lines: linesOf(blocks, turns) };
}

/**
 * The names a user gives in a recording: each detected speaker once, after the reader who has
 * most of its time (ties: the reader heard first). Each reader maps to the speakers named after
 * them; a reader detection merged into another reader's speaker has none.
 */
function speakersNamed(heard: Heard): Map<string, number[]> {
  const readers = [...new Set(heard.part.turns.map((turn) => turn.speaker))];
  const named = new Map<string, number[]>();
  for (const speaker of heard.voices.keys()) {
    const time = new Map<string, number>();
    for (const detected of heard.turns.filter((turn) => turn.speaker === speaker))
      for (const turn of heard.part.turns) {
        const overlap = Math.min(detected.end, turn.end) - Math.max(detected.start, turn.start);
        if (overlap > 0) time.set(turn.speaker, (time.get(turn.speaker) ?? 0) + overlap);
      }
    let owner: string | undefined;
    for (const reader of readers)
      if ((time.get(reader) ?? 0) > (owner === undefined ? 0 : time.get(owner)!)) owner = reader;
    if (owner !== undefined) named.set(owner, [...(named.get(owner) ?? []), speaker]);
  }
  return named;
}

/**
 * The voice remembered for each reader named in a recording: a reader with several speakers is
 * measured over all of them, as the product measures a name over every line that carries it.
 */
function namedVoices(heard: Heard): Map<string, VoiceStatistics> {
  return new Map(
    [...speakersNamed(heard)].map(([reader, speakers]) => [
      reader,
      speakers.length === 1
        ? heard.voices.get(speakers[0]!)!
        : voiceStatisticsOver(
            heard.blocks,
            heard.turns.filter((turn) => speakers.includes(turn.speaker)),
          ),
    ]),
  );
}

export async function loadHeardParts(
  folder: string,
  truth: TruthEntry[],
  workDir: string,
): Promise<Heard[][]> {
  const pairs: Heard[][] = [];
  for (const entry of truth) {
    const samples = await decodeWhole(path.join(folder, entry.file), workDir);
    const heard: Heard[] = [];
    for (const part of cutInTwo(entry, samples)) heard.push(await hear(part, workDir));
    pairs.push(heard);
  }
  return pairs;
}

/** The name each line of a recording gets, or undefined. */
export type Recognise = (heard: Heard, known: KnownVoice[]) => (string | undefined)[];

/** The name most of [start, end) was given ('' for no name), or undefined for none. */
function nameOver(
  lines: readonly HeardLine[],
  names: readonly (string | undefined)[],
  start: number,
  end: number,
): string | undefined {
  const time = new Map<string, number>();
  lines.forEach((line, index) => {
    const overlap = Math.min(end, line.end) - Math.max(start, line.start);
    const name = names[index] ?? '';
    if (overlap > 0) time.set(name, (time.get(name) ?? 0) + overlap);
  });
  return [...time].sort((a, b) => b[1] - a[1])[0]?.[0] || undefined;
}

/** Issue 26: no other reader gets a name in more than 5% of their turns. */
const WRONG_SHARE_GOAL = 0.05;

export interface KnownVoicesScore {
  turns: number;
  /** Turns of readers who are in both recordings, named there or not. */
  turnsOfReadersInBoth: number;
  recognised: number;
  /** Turns of other readers given a reader's name. */
  wrongName: number;
  /** Per reader: share of their turns that carried another reader's name. */
  worstWrongShare: number;
  /** Readers more than 5% of whose turns carried another reader's name, as `reader wrong/turns`. */
  readersOverGoal: string[];
  /** With the reader's own voice left out of the account: their turns given someone's name. */
  unknownTurns: number;
  unknownNamed: number;
}

export function scoreKnownVoices(pairs: Heard[][], recognise: Recognise): KnownVoicesScore {
  // Each recording's speakers named as a user names them; the account holds one voice per
  // (reader, recording), none for a reader detection merged into another's speaker.
  const named: { reader: string; from: Heard; statistics: VoiceStatistics }[] = [];
  for (const pair of pairs)
    for (const heard of pair)
      for (const [reader, statistics] of namedVoices(heard))
        named.push({ reader, from: heard, statistics });
  const score: KnownVoicesScore = {
    turns: 0,
    turnsOfReadersInBoth: 0,
    recognised: 0,
    wrongName: 0,
    worstWrongShare: 0,
    readersOverGoal: [],
    unknownTurns: 0,
    unknownNamed: 0,
  };
  const wrongByReader = new Map<string, { turns: number; wrong: number }>();
  for (const pair of pairs) {
    if (pair.length < 2) continue;
    for (const [namedIn, lookedIn] of [
      [pair[0]!, pair[1]!],
      [pair[1]!, pair[0]!],
    ] as const) {
      // The account: this reader set's voices named in `namedIn`, every other reader's in the
      // first recording they are in elsewhere (one voice per name).
      const account = new Map<string, VoiceStatistics>();
      for (const voice of named)
        if (voice.from === namedIn || (!pair.includes(voice.from) && !account.has(voice.reader)))
          account.set(voice.reader, voice.statistics);
      const run = (known: Map<string, VoiceStatistics>) =>
        recognise(
          lookedIn,
          [...known].map(([name, statistics]) => ({ name, statistics })),
        );
      const names = run(account);
      // Only readers given a voice there are looked for; the others are unknown readers here.
      const namedThere = new Set(
        named.filter((voice) => voice.from === namedIn).map((voice) => voice.reader),
      );
      const inBoth = new Set(namedIn.part.turns.map((turn) => turn.speaker));
      for (const turn of lookedIn.part.turns) {
        const name = nameOver(lookedIn.lines, names, turn.start, turn.end);
        // A reader with one turn is in one recording only: not named in the other.
        if (namedThere.has(turn.speaker)) score.turns += 1;
        if (inBoth.has(turn.speaker)) score.turnsOfReadersInBoth += 1;
        if (name === turn.speaker) score.recognised += 1;
        const tally = wrongByReader.get(turn.speaker) ?? { turns: 0, wrong: 0 };
        tally.turns += 1;
        if (name !== undefined && name !== turn.speaker) {
          score.wrongName += 1;
          tally.wrong += 1;
        }
        wrongByReader.set(turn.speaker, tally);
      }
      // Open set: each reader of this recording in turn left out of the account.
      for (const reader of new Set(lookedIn.part.turns.map((turn) => turn.speaker))) {
        const without = new Map(account);
        without.delete(reader);
        const namesWithout = run(without);
        for (const turn of lookedIn.part.turns.filter((t) => t.speaker === reader)) {
          score.unknownTurns += 1;
          if (nameOver(lookedIn.lines, namesWithout, turn.start, turn.end) !== undefined)
            score.unknownNamed += 1;
        }
      }
    }
  }
  for (const [reader, tally] of wrongByReader) {
    score.worstWrongShare = Math.max(score.worstWrongShare, tally.wrong / tally.turns);
    if (tally.wrong / tally.turns > WRONG_SHARE_GOAL)
      score.readersOverGoal.push(`${reader} ${tally.wrong}/${tally.turns}`);
  }
  return score;
}

const percent = (part: number, whole: number) =>
  `${part}/${whole} (${((100 * part) / Math.max(1, whole)).toFixed(1)}%)`;

/** Whole speakers only, as before decision 0068: every line gets its speaker's name. */
function speakersOnly(threshold: number): Recognise {
  return (heard, known) => {
    const names = recogniseVoices(
      new Map([...heard.voices].map(([voice, statistics]) => [String(voice), statistics])),
      known,
      threshold,
    );
    return heard.lines.map((line) => names.get(line.speaker));
  };
}

/** Prints the known-voices figures at the product's threshold and at its neighbours. */
export async function benchKnownVoices(
  folder: string,
  truth: TruthEntry[],
  workDir: string,
): Promise<void> {
  const pairs = await loadHeardParts(folder, truth, workDir);
  console.log(
    '\nKnown voices: each reader named in one half of their conversation, looked for in the other' +
      ' (both ways), among the voices of all readers named in the set:',
  );
  for (const heard of pairs.flat()) {
    const named = speakersNamed(heard);
    const readers = [...new Set(heard.part.turns.map((turn) => turn.speaker))];
    const unnamed = readers.filter((reader) => !named.has(reader));
    const split = readers.filter((reader) => (named.get(reader)?.length ?? 0) > 1);
    if (unnamed.length > 0 || split.length > 0)
      console.log(
        `${heard.part.name}: ${heard.voices.size} speaker${heard.voices.size === 1 ? '' : 's'}` +
          ` detected for ${readers.length} readers;` +
          (unnamed.length > 0
            ? ` no voice for ${unnamed.join(', ')} (merged into another's)`
            : '') +
          (split.length > 0 ? ` several speakers named ${split.join(', ')}` : ''),
      );
  }
  console.log(
    'threshold           turns recognised   of all in both  turns given another reader’s name                 unknown readers named',
  );
  const rows: { label: string; recognise: Recognise }[] = [
    { label: '1.28 speakers', recognise: speakersOnly(1.28) },
    ...[
      ...[1.2, 1.28, SAME_VOICE_BELOW, 1.5].map((threshold) => [
        threshold,
        OTHER_VOICES_FARTHER_BY,
      ]),
      ...[1, 1.1, 1.2].map((farther) => [SAME_VOICE_BELOW, farther]),
    ].map(([threshold, farther]) => ({
      label:
        `${threshold} lines ×${farther}` +
        (threshold === SAME_VOICE_BELOW && farther === OTHER_VOICES_FARTHER_BY ? ' *' : ''),
      recognise: ((heard, known) =>
        nameLines(heard.blocks, heard.lines, known, threshold, farther)) as Recognise,
    })),
  ];
  for (const { label, recognise } of rows) {
    const score = scoreKnownVoices(pairs, recognise);
    console.log(
      `${label.padEnd(20)}` +
        `${percent(score.recognised, score.turns).padEnd(19)}` +
        `${percent(score.recognised, score.turnsOfReadersInBoth).padEnd(16)}` +
        (
          `${percent(score.wrongName, score.turns)}, worst reader ` +
          `${(100 * score.worstWrongShare).toFixed(0)}%, ${score.readersOverGoal.length} over 5%`
        ).padEnd(50) +
        `${percent(score.unknownNamed, score.unknownTurns)}` +
        (score.readersOverGoal.length > 0
          ? `  (over 5%: ${score.readersOverGoal.join('; ')})`
          : ''),
    );
  }
  console.log(
    '("speakers": each detected voice named whole, as before decision 0068; "lines ×f": each line' +
      ' also checked against the other known voices, and left unnamed unless every other is f times' +
      ' farther (×1 before decision 0074). * the product\'s threshold and f. "unknown": the' +
      ' reader’s own voice left out of the account. Each detected speaker is named once, after the' +
      ' reader with most of its time; a reader merged into another’s speaker gets no voice and is' +
      ' not looked for, and is counted among the unknown readers; "of all in both": recognised' +
      ' among the turns of every reader in both recordings, named or not)',
  );
}
