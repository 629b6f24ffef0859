/**
 * Downloads a whisper.cpp model into the models folder, resuming an interrupted download and
 * checking its checksum and structure before putting it in place.
 *
 *   npm run models:download -- <name> [--dir <folder>] [--base-url <url>] [--no-verify]
 *   npm run models:download -- --list
 *
 * Names: tiny.en, base.en, small.en, tiny, base, small, medium, large-v3-turbo, ... The folder
 * defaults to $WHISPER_MODELS_DIR, else $DATA_DIR/models, else ./data/models (as the server).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  downloadWhisperModel,
  type DownloadProgress,
} from '../src/server/speech/engines/whisper/download-whisper-model.js';
import { ModelDownloadError } from '../src/server/speech/engines/whisper/model-download-error.js';
import {
  KNOWN_MODEL_SHA1,
  MODEL_NAMES,
} from '../src/server/speech/engines/whisper/whisper-model-catalog.js';

const MEGABYTE = 1024 * 1024;
const BAR_WIDTH = 30;

function usage(): string {
  const names = MODEL_NAMES.map((name) => (KNOWN_MODEL_SHA1[name] ? name : `${name}*`));
  return [
    'Usage: npm run models:download -- <name> [--dir <folder>] [--base-url <url>] [--no-verify]',
    '',
    `Models: ${names.join(', ')}`,
    "(* checked against the SHA-256 Hugging Face publishes; the others against whisper.cpp's SHA-1 table)",
    '.en models are English only and a little more accurate in English; the others detect the language.',
  ].join('\n');
}

/** One line redrawn in place on a terminal; a line per 10% otherwise (logs, CI). */
function progressPrinter(): (progress: DownloadProgress) => void {
  const started = Date.now();
  let lastDraw = 0;
  let lastTenth = -1;
  const terminal = process.stderr.isTTY;
  return ({ receivedBytes, totalBytes }) => {
    const now = Date.now();
    const fraction = totalBytes ? Math.min(1, receivedBytes / totalBytes) : undefined;
    const done = fraction === 1;
    if (terminal && now - lastDraw < 100 && !done) return;
    const tenth = fraction === undefined ? -1 : Math.floor(fraction * 10);
    if (!terminal && (tenth === lastTenth || fraction === undefined)) return;
    lastDraw = now;
    lastTenth = tenth;
    const rate = receivedBytes / MEGABYTE / Math.max(0.001, (now - started) / 1000);
    const size = `${(receivedBytes / MEGABYTE).toFixed(1)}${totalBytes ? `/${(totalBytes / MEGABYTE).toFixed(1)}` : ''} MB`;
    const filled = Math.round((fraction ?? 0) * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const percent = fraction === undefined ? '' : `${Math.floor(fraction * 100)}% `.padStart(5);
    const line = `${bar} ${percent}${size} ${rate.toFixed(1)} MB/s`;
    process.stderr.write(terminal ? `\r${line}${done ? '\n' : ''}` : `${line}\n`);
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      dir: { type: 'string' },
      'base-url': { type: 'string' },
      'no-verify': { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const name = positionals[0];
  if (values.help || values.list || !name) {
    process.stdout.write(`${usage()}\n`);
    return name || values.help || values.list ? 0 : 2;
  }
  // A script, not the server: it reads the two folder variables itself, with the server's defaults.
  const modelsDir = path.resolve(
    values.dir ??
      process.env.WHISPER_MODELS_DIR ??
      path.join(process.env.DATA_DIR ?? './data', 'models'),
  );
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort(new Error('stopped by Ctrl-C')));
  try {
    process.stderr.write(`Downloading ${name} into ${modelsDir}\n`);
    const model = await downloadWhisperModel({
      name,
      modelsDir,
      baseUrl: values['base-url'],
      verify: !values['no-verify'],
      onProgress: progressPrinter(),
      onNotice: (message) => process.stderr.write(`\n${message}\n`),
      signal: controller.signal,
    });
    const verified = model.checksum
      ? `${model.checksum.algorithm} verified against ${model.checksum.source}`
      : 'checksum not verified (--no-verify); ggml structure checked';
    process.stdout.write(
      `${model.alreadyPresent ? 'Already present' : 'Saved'}: ${model.path} (${(model.bytes / MEGABYTE).toFixed(1)} MB, ${verified})\n`,
    );
    return 0;
  } catch (error) {
    if (controller.signal.aborted) {
      process.stderr.write('\nStopped. Run the same command again to resume.\n');
      return 130;
    }
    const message =
      error instanceof ModelDownloadError && error.problem === 'unknown-model'
        ? `${error.message}\n\n${usage()}`
        : error instanceof Error
          ? error.message
          : String(error);
    process.stderr.write(`\n${message}\n`);
    return 1;
  }
}

process.exitCode = await main();
