#!/usr/bin/env node
// `npm run check:docker`: proves the Docker image and compose.yaml on this machine, end to end.
// Installs and starts what it needs (docker.io, docker-compose, debootstrap, dockerd), builds
// local stand-ins for the base images where they cannot be pulled, builds the real Dockerfile,
// then starts the default Compose shape and the scale profile in turn: in each it signs up,
// uploads real speech, waits for the transcript, removes and restarts every container, and
// finds the transcript still there. Everything it started is torn down. Not part of `npm test`.
//
//   npm run check:docker [-- --no-cache] [-- --rebuild-stand-ins] [-- --workers 3]
//                        [-- --only default|scale] [-- --speech path/to/file.wav]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { log, output, run } from './docker-check/process.mjs';
import { proveStack } from './docker-check/stack.mjs';
import { ensureBaseImages } from './docker-check/stand-ins.mjs';
import { ensureTools } from './docker-check/tools.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMAGE = 'sonoscript:latest';
const CACHE_DIR = '/var/tmp/sonoscript-docker';
const DEFAULT_SPEECH = path.resolve(repoRoot, '../../shared/data/speech/ljspeech/LJ001-0001.wav');

const { values: options } = parseArgs({
  options: {
    'no-cache': { type: 'boolean', default: false },
    'rebuild-stand-ins': { type: 'boolean', default: false },
    workers: { type: 'string', default: '2' },
    only: { type: 'string' },
    speech: { type: 'string' },
  },
});

/** The recording and what it says (shared/data/speech/manifest.tsv), when it is listed there. */
function speechSample() {
  const candidates = [
    options.speech,
    process.env.SPEECH_FILE,
    DEFAULT_SPEECH,
    '/work/shared/data/speech/ljspeech/LJ001-0001.wav',
  ];
  const file = candidates.find((candidate) => candidate && existsFile(candidate));
  if (!file)
    throw new Error(
      `No speech recording found: pass --speech FILE (tried ${candidates.filter(Boolean).join(', ')})`,
    );
  let reference;
  try {
    const manifest = readFileSync(path.join(path.dirname(file), '..', 'manifest.tsv'), 'utf8');
    const name = `${path.basename(path.dirname(file))}/${path.basename(file)}`;
    reference = manifest
      .split('\n')
      .find((line) => line.startsWith(`${name}\t`))
      ?.split('\t')[1];
  } catch {
    reference = undefined;
  }
  return { file, reference };
}

function existsFile(file) {
  try {
    return readFileSync(file).length > 0;
  } catch {
    return false;
  }
}

/** Share of the reference's words the transcript has, in order-free bag-of-words terms. */
function wordsFound(text, reference) {
  const words = (value) => value.toLowerCase().match(/[a-z']+/g) ?? [];
  const heard = new Map();
  for (const word of words(text)) heard.set(word, (heard.get(word) ?? 0) + 1);
  const wanted = words(reference);
  let found = 0;
  for (const word of wanted) {
    if ((heard.get(word) ?? 0) > 0) {
      found += 1;
      heard.set(word, heard.get(word) - 1);
    }
  }
  return wanted.length ? Math.round((found / wanted.length) * 100) : 0;
}

function buildImage() {
  const revision = (() => {
    try {
      return output('git', ['rev-parse', 'HEAD'], { cwd: repoRoot });
    } catch {
      return 'unknown';
    }
  })();
  const { version } = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8'));
  const started = Date.now();
  run(
    'docker',
    [
      'build',
      '--network',
      'host',
      ...(options['no-cache'] ? ['--no-cache'] : []),
      '-t',
      IMAGE,
      '--build-arg',
      `VERSION=${version}`,
      '--build-arg',
      `REVISION=${revision}`,
      '--build-arg',
      `CREATED=${new Date().toISOString()}`,
      repoRoot,
    ],
    { cwd: repoRoot },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  const bytes = Number(output('docker', ['image', 'inspect', '--format', '{{.Size}}', IMAGE]));
  return { seconds, megabytes: Math.round(bytes / 1e6), cached: !options['no-cache'] };
}

async function main() {
  const workDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-check-docker-'));
  try {
    const { compose } = await ensureTools({ daemonLog: path.join(CACHE_DIR, 'dockerd.log') });
    log(
      `docker ${output('docker', ['version', '--format', '{{.Server.Version}}'])}, compose: ${compose.join(' ')}`,
    );
    const standIns = await ensureBaseImages({
      cacheDir: CACHE_DIR,
      repoRoot,
      rebuild: options['rebuild-stand-ins'],
    });
    log(`Building ${IMAGE} from the Dockerfile${options['no-cache'] ? ' (no cache)' : ''}`);
    const build = buildImage();
    log(`Built in ${build.seconds} s; image size ${build.megabytes} MB`);
    const speech = speechSample();
    const shapes = options.only ? [options.only] : ['default', 'scale'];
    const results = [];
    for (const shape of shapes) {
      results.push(
        await proveStack({
          shape,
          compose,
          repoRoot,
          workDir,
          image: IMAGE,
          speech,
          workers: Number(options.workers),
        }),
      );
    }
    console.log('\nFigures (check:docker)');
    if (standIns.length) console.log(`  base-image stand-ins built: ${standIns.join(', ')}`);
    console.log(
      `  image build: ${build.seconds} s${build.cached ? ' (with the layer cache)' : ' (no cache)'}`,
    );
    console.log(`  image size: ${build.megabytes} MB`);
    for (const result of results) {
      const heard = speech.reference
        ? `, ${wordsFound(result.text, speech.reference)}% of the reference's words`
        : '';
      console.log(
        `  ${result.shape}: healthy ${result.healthySeconds} s after up (HTTP ${result.firstHealthSeconds} s); ` +
          `upload → transcript ${result.uploadToTranscriptSeconds} s (up → transcript ${result.upToTranscriptSeconds} s, ${result.engine}${heard}); ` +
          `down + up → healthy again ${result.restartSeconds} s`,
      );
    }
    console.log(`  speech: ${path.basename(speech.file)}`);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
