import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'vitest';
import type { ZipExportDto } from '../../../src/core/api/zip-exports.js';
import type { TestApp } from './test-app.js';
import { asUser } from './transcripts.js';

const run = promisify(execFile);

/** A ZIP read back by Info-ZIP's `unzip`: every entry's CRC checked, names and bytes read. */
export interface UnzippedArchive {
  names: string[];
  read(name: string): Promise<Buffer>;
  remove(): Promise<void>;
}

export async function unzipArchive(bytes: Buffer): Promise<UnzippedArchive> {
  const directory = await mkdtemp(path.join(tmpdir(), 'zip-read-'));
  const file = path.join(directory, 'archive.zip');
  await writeFile(file, bytes);
  const tested = await run('unzip', ['-t', file]);
  expect(tested.stdout).toMatch(/No errors detected/);
  const listed = await run('unzip', ['-Z1', file]);
  const names = listed.stdout.split('\n').filter((line) => line !== '');
  return {
    names,
    async read(name) {
      // `unzip -p` takes wildcards in names: escape them so the entry is read literally.
      const literal = name.replace(/[[\]*?\\]/g, (character) => `\\${character}`);
      const output = await run('unzip', ['-p', file, literal], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      return output.stdout;
    },
    remove: () => rm(directory, { recursive: true, force: true }),
  };
}

/** Asks for the export's state until it is no longer pending (bounded by a deadline). */
export async function waitForZipExport(
  app: TestApp,
  cookie: string,
  statusPath: string,
  deadlineMs = 60_000,
): Promise<ZipExportDto> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    const response = await app.server.inject({ url: statusPath, headers: asUser(cookie) });
    expect(response.statusCode).toBe(200);
    const body = response.json<ZipExportDto>();
    if (body.status !== 'pending') return body;
    if (Date.now() > deadline)
      throw new Error(`${statusPath} still pending after ${deadlineMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
