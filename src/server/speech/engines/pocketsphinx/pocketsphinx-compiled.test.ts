import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeSpeechClip,
  makeTempDirectory,
  run,
  type SpeechClip,
} from '../../../../../tests/fixtures/speech/speech-fixtures.js';

const repositoryRoot = fileURLToPath(new URL('../../../../../', import.meta.url));

let directory: Awaited<ReturnType<typeof makeTempDirectory>>;
let clip: SpeechClip;

/**
 * Compiles src/server/speech, the storage it reads free disk space from, the metrics it counts
 * into, and src/core to plain JavaScript, laid out as the build lays them out.
 */
async function compileSources(outputRoot: string): Promise<void> {
  for (const folder of [
    'src/server/speech',
    'src/server/storage',
    'src/server/metrics',
    'src/core',
  ]) {
    const entries = await readdir(path.join(repositoryRoot, folder), {
      recursive: true,
      withFileTypes: true,
    });
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts'))
        continue;
      const source = path.join(entry.parentPath, entry.name);
      const output = path
        .join(outputRoot, path.relative(repositoryRoot, source))
        .replace(/\.ts$/, '.js');
      const { outputText } = ts.transpileModule(await readFile(source, 'utf8'), {
        compilerOptions: {
          module: ts.ModuleKind.ES2022,
          target: ts.ScriptTarget.ES2023,
          verbatimModuleSyntax: true,
        },
        fileName: source,
      });
      await mkdir(path.dirname(output), { recursive: true });
      await writeFile(output, outputText);
    }
  }
}

const RUNNER = `
import { createPocketSphinxEngine } from './src/server/speech/engines/pocketsphinx/pocketsphinx-engine.js';
import { transcribeAudioFile } from './src/server/speech/transcribe-audio-file.js';
const [inputPath, workDir] = process.argv.slice(2);
const engine = createPocketSphinxEngine({ parallelism: 1 });
try {
  const result = await transcribeAudioFile({ inputPath, demuxer: 'wav', engine, workDir });
  process.stdout.write(JSON.stringify({ result, loads: engine.modelLoads }));
} finally {
  await engine.close();
}
`;

beforeAll(async () => {
  directory = await makeTempDirectory();
  clip = await makeSpeechClip(directory.path, 'pizza', [
    { silence: 0.5 },
    { say: 'i would like to order a large pizza with cheese and tomatoes' },
    { silence: 0.5 },
  ]);
});

afterAll(() => directory.remove());

describe('PocketSphinx from the compiled build', () => {
  it('runs its worker thread from plain JavaScript under plain Node, without tsx', async () => {
    const buildRoot = path.join(directory.path, 'build');
    await compileSources(buildRoot);
    await writeFile(path.join(buildRoot, 'package.json'), JSON.stringify({ type: 'module' }));
    await symlink(path.join(repositoryRoot, 'node_modules'), path.join(buildRoot, 'node_modules'));
    await writeFile(path.join(buildRoot, 'run.mjs'), RUNNER);

    const output = await run(process.execPath, [
      path.join(buildRoot, 'run.mjs'),
      clip.path,
      path.join(directory.path, 'work'),
    ]);
    const { result, loads } = JSON.parse(output) as {
      result: { text: string; transcribedSeconds: number };
      loads: number;
    };
    expect(result.text.split(' ')).toEqual(expect.arrayContaining(['order', 'large', 'pizza']));
    expect(result.transcribedSeconds).toBeCloseTo(clip.duration, 1);
    expect(loads).toBe(1);
    expect(await readdir(path.join(directory.path, 'work'))).toEqual([]);
  });
});
