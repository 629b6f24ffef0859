// Prints what reading an audio bomb costs: the old duration measurement (decode everything) next
// to the one now used (read the packets), and the whole upload check (probeAudio) as it runs.
// Usage: npm run bench:audio-bomb [-- minutes]
import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { probeAudio } from '../src/server/speech/audio/probe-audio.js';

const execFileAsync = promisify(execFile);
const minutes = Number(process.argv[2] ?? 10);

/** User + system CPU seconds of a command and its children, from the shell's `times`. */
async function cpuSecondsOf(command: string[]): Promise<number> {
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const { stdout } = await execFileAsync('sh', ['-c', `${quoted} >/dev/null 2>&1; times`]);
  const childLine = stdout.trim().split('\n').at(-1) ?? '';
  const seconds = [...childLine.matchAll(/(\d+)m([\d.]+)s/g)].map(
    (match) => Number(match[1]) * 60 + Number(match[2]),
  );
  return (seconds[0] ?? 0) + (seconds[1] ?? 0);
}

async function makeBomb(file: string, sampleRate: number): Promise<void> {
  await execFileAsync('sh', [
    '-c',
    `ffmpeg -nostdin -v error -f lavfi -t ${minutes * 60} -i anullsrc=channel_layout=7.1:sample_rate=${sampleRate} -c:a flac -f matroska pipe:1 > '${file}'`,
  ]);
}

const directory = await mkdtemp(path.join(tmpdir(), 'bench-audio-bomb-'));
try {
  for (const sampleRate of [384_000, 192_000]) {
    const file = path.join(directory, `bomb-${sampleRate}.mkv`);
    await makeBomb(file, sampleRate);
    const input = ['-nostdin', '-v', 'error', '-f', 'matroska', '-i', file, '-map', '0:a:0'];
    const decoded = await cpuSecondsOf(['ffmpeg', ...input, '-f', 'null', '-']);
    const packets = await cpuSecondsOf([
      'ffmpeg',
      '-threads',
      '1',
      ...input,
      '-c',
      'copy',
      '-f',
      'null',
      '-',
    ]);
    const started = Date.now();
    const outcome = await probeAudio(file, 'matroska').then(
      (probe) => `accepted, ${probe.durationSeconds.toFixed(0)} s`,
      (error: Error) => `refused: ${error.message.slice(0, 40)}…`,
    );
    const size = (await stat(file)).size / (1024 * 1024);
    process.stdout.write(
      `${minutes} min of 7.1 silence at ${sampleRate / 1000} kHz, FLAC in streamed Matroska (${size.toFixed(1)} MB)\n` +
        `  duration by decoding (before):      ${decoded.toFixed(2)} s CPU\n` +
        `  duration from packets (now):        ${packets.toFixed(2)} s CPU\n` +
        `  upload check, probeAudio (now):     ${((Date.now() - started) / 1000).toFixed(2)} s wall, ${outcome}\n`,
    );
  }
} finally {
  await rm(directory, { recursive: true, force: true });
}
