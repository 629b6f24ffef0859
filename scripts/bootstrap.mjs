#!/usr/bin/env node
// The two commands: `npm start` and `npm test` both come here. Plain JavaScript with no
// dependencies, because it runs before node_modules exists on a fresh machine.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mode = process.argv[2] ?? 'start';
const log = (message) => process.stdout.write(`[sonoscript] ${message}\n`);

// The fonts are for PDF exports: see src/server/transcriptions/exports/pdf-font-files.ts.
// espeak-ng: pronunciations of custom vocabulary words PocketSphinx's dictionary lacks.
const RUNTIME_PACKAGES = [
  'ffmpeg',
  'pocketsphinx',
  'pocketsphinx-en-us',
  'espeak-ng',
  'fonts-dejavu-core',
  'fonts-lohit-deva',
  'fonts-droid-fallback',
  'fonts-symbola',
];
const TEST_PACKAGES = ['chromium', 'sox', 'poppler-utils', 'postgresql', 'unzip'];
/** To build whisper.cpp's whisper-server from the sources the nodejs-whisper package ships. */
const WHISPER_BUILD_PACKAGES = ['cmake', 'build-essential'];

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function mustRun(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) {
    log(`"${command} ${args.join(' ')}" failed with exit code ${status}`);
    process.exit(status);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    log(`Node ${process.versions.node} is too old: Sonoscript needs Node 20.19 or newer.`);
    process.exit(1);
  }
}

// The job queue (pg-boss 12, the only release line with an embedded-PostgreSQL backend) and a few
// other dependencies declare Node 22.13 or newer. On an older Node the two commands fetch Node.js
// from the npm registry's own binary packages (node-<platform>-<arch>) once, and run everything
// with it: see docs/decisions/0082-node-22-from-the-npm-registry.md.
const MODERN_NODE = { minimum: [22, 13], version: '22.23.3' };
const modernNodeFolder = path.join(root, '.cache', 'node');
const modernNodeBinary = path.join(modernNodeFolder, 'bin', 'node');

function isModern(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const [wantedMajor, wantedMinor] = MODERN_NODE.minimum;
  return major > wantedMajor || (major === wantedMajor && minor >= wantedMinor);
}

function installModernNode() {
  const packageName = `node-${process.platform}-${process.arch}`;
  log(
    `Node ${process.versions.node} is older than the ${MODERN_NODE.minimum.join('.')} Sonoscript's ` +
      `dependencies need: installing Node.js ${MODERN_NODE.version} from the npm registry ` +
      `(${packageName}) into .cache/node, once.`,
  );
  const download = path.join(root, '.cache', 'node-download');
  rmSync(download, { recursive: true, force: true });
  mkdirSync(download, { recursive: true });
  mustRun('npm', ['pack', `${packageName}@${MODERN_NODE.version}`, '--silent'], { cwd: download });
  const tarball = readdirSync(download).find((name) => name.endsWith('.tgz'));
  if (!tarball) {
    log(
      `npm pack ${packageName}@${MODERN_NODE.version} left no archive: install Node.js 22.13+ yourself.`,
    );
    process.exit(1);
  }
  mustRun('tar', ['-xzf', tarball], { cwd: download });
  rmSync(modernNodeFolder, { recursive: true, force: true });
  renameSync(path.join(download, 'package'), modernNodeFolder);
  rmSync(download, { recursive: true, force: true });
}

/** On an older Node, run this same command again with Node.js 22 first on the PATH. */
function continueWithModernNode() {
  if (isModern(process.versions.node)) return;
  const installed =
    existsSync(modernNodeBinary) &&
    spawnSync(modernNodeBinary, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  if (!installed || !isModern(installed)) installModernNode();
  const env = {
    ...process.env,
    PATH: `${path.dirname(modernNodeBinary)}${path.delimiter}${process.env.PATH ?? ''}`,
  };
  const result = spawnSync(modernNodeBinary, process.argv.slice(1), { stdio: 'inherit', env });
  process.exit(result.status ?? 1);
}

function isDebianPackageInstalled(name) {
  const result = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
  return result.status === 0 && result.stdout.includes('install ok installed');
}

function ensureSystemPackages(packages) {
  if (!existsSync('/usr/bin/dpkg-query')) {
    log(`Not a Debian system: make sure these are installed: ${packages.join(', ')}`);
    return;
  }
  const missing = packages.filter((name) => !isDebianPackageInstalled(name));
  if (missing.length === 0) return;
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  if (process.getuid?.() !== 0) {
    log(
      `Missing system packages: ${missing.join(', ')}. Install them with:\n\n  sudo sh -c '${command}'\n`,
    );
    process.exit(1);
  }
  log(`Installing system packages: ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  mustRun('apt-get', ['update', '-qq'], { env });
  mustRun('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env });
}

function hashFiles(paths) {
  const hash = createHash('sha256');
  const visit = (entry) => {
    const full = path.join(root, entry);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const child of readdirSync(full).sort()) {
        if (!child.includes('.test.')) visit(path.join(entry, child));
      }
    } else {
      hash.update(entry).update(readFileSync(full));
    }
  };
  for (const entry of paths) visit(entry);
  return hash.digest('hex');
}

function ensureDependencies() {
  const stamp = path.join(root, 'node_modules', '.sonoscript-deps');
  const wanted = hashFiles(['package.json', 'package-lock.json']);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  // `npm install --no-save` rather than `npm ci`: npm leaves some of Tailwind's optional
  // per-platform packages out of the lock file, and `npm ci` then refuses the lock as out of sync.
  log('Installing npm dependencies');
  // onnxruntime-node would fetch its CUDA libraries from outside the registry: the CPU build it
  // ships is all speech detection needs.
  mustRun('npm', ['install', '--no-save', '--no-audit', '--no-fund'], {
    env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
  });
  writeFileSync(stamp, wanted);
}

/** The server will want whisper: TRANSCRIPTION_ENGINE is auto or whisper, and WHISPER_MODEL is not none. */
function whisperWanted() {
  const engine = process.env.TRANSCRIPTION_ENGINE || 'auto';
  if (engine !== 'auto' && engine !== 'whisper') return false;
  return process.env.WHISPER_MODEL?.trim() !== 'none';
}

/** Builds whisper-server once (about 3 minutes on 2 cores); a no-op when the cached build is current. */
function ensureWhisperServer() {
  const build = path.join(root, 'scripts', 'build-whisper.mjs');
  if (run(process.execPath, [build, '--check'], { stdio: 'ignore' }) === 0) return;
  ensureSystemPackages(WHISPER_BUILD_PACKAGES);
  mustRun(process.execPath, [build]);
}

/**
 * `npm start` never waits for the whisper build: the server builds whisper-server in the
 * background and serves with PocketSphinx meanwhile. Only the compiler is put in place here,
 * and only where that can be done without asking (root); otherwise the server's log says how.
 */
function ensureWhisperBuildTools() {
  const build = path.join(root, 'scripts', 'build-whisper.mjs');
  if (run(process.execPath, [build, '--check'], { stdio: 'ignore' }) === 0) return;
  if (!existsSync('/usr/bin/dpkg-query')) return;
  const missing = WHISPER_BUILD_PACKAGES.filter((name) => !isDebianPackageInstalled(name));
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    log(
      `To build whisper (the better speech engine) the server needs: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`,
    );
    return;
  }
  log(`Installing ${missing.join(', ')} to build whisper in the background`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (
    run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env }) !== 0
  )
    log('Could not install them: the server will serve with PocketSphinx and say why');
}

const BUILD_INPUTS = [
  'src',
  'scripts/build.mjs',
  'scripts/prerender.mjs',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.json',
  'tsconfig.server.json',
];

function ensureBuild() {
  const stamp = path.join(root, 'dist', '.build-stamp');
  const wanted = hashFiles(BUILD_INPUTS);
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === wanted) return;
  log('Building the app');
  mustRun('npm', ['run', 'build']);
  mkdirSync(path.dirname(stamp), { recursive: true });
  writeFileSync(stamp, wanted);
}

checkNode();
continueWithModernNode();
if (mode === 'test' || mode === 'install') {
  ensureSystemPackages([...RUNTIME_PACKAGES, ...TEST_PACKAGES]);
} else {
  ensureSystemPackages(RUNTIME_PACKAGES);
}
ensureDependencies();
// `install` stops here: what `npm test` needs is in place, for `npm run check` before the tests.
if (mode === 'install') process.exit(0);
if (mode === 'test') ensureWhisperServer();
else if (whisperWanted()) ensureWhisperBuildTools();

switch (mode) {
  case 'start':
    ensureBuild();
    process.exit(run(process.execPath, ['dist/server/main.js']));
    break;
  case 'reset-password':
  case 'rotate-key':
  case 'backup':
  case 'restore':
    ensureBuild();
    process.exit(run(process.execPath, [`dist/server/${mode}.js`, ...process.argv.slice(3)]));
    break;
  case 'worker':
    ensureBuild();
    process.exit(run(process.execPath, ['dist/server/worker.js']));
    break;
  case 'dev': {
    // API with reload on :3000 and Vite with hot reload on :5173 (it proxies /api).
    const env = { ...process.env, BASE_URL: process.env.BASE_URL ?? 'http://localhost:5173' };
    const children = [
      spawn('npx', ['tsx', 'watch', 'src/server/main.ts'], { stdio: 'inherit', cwd: root, env }),
      spawn('npx', ['vite'], { stdio: 'inherit', cwd: root, env }),
    ];
    const stop = () => children.forEach((child) => child.kill('SIGTERM'));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    break;
  }
  case 'test':
    ensureBuild();
    process.exit(run(process.execPath, ['scripts/run-tests.mjs', ...process.argv.slice(3)]));
    break;
  default:
    log(`Unknown mode "${mode}"`);
    process.exit(2);
}
