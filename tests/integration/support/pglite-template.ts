import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../../src/server/db/database.js';

const MIGRATIONS = path.resolve('src/server/db/migrations');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS)
    .filter((name) => name.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/**
 * Creating a PGlite database takes seconds and ~1 GB of memory, so the suite migrates one
 * template per schema version and each test app opens its own copy of it.
 */
export async function pgliteTemplateDirectory(): Promise<string> {
  const template = path.join(tmpdir(), `sonoscript-pglite-template-${migrationsHash()}`);
  if (existsSync(path.join(template, 'PG_VERSION'))) return template;
  const building = `${template}.${process.pid}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(path.dirname(building), { recursive: true });
  const database = await openDatabase({ kind: 'pglite', directory: building });
  await database.migrate();
  await database.close();
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    rmSync(template, { recursive: true, force: true });
    renameSync(building, template);
  } else {
    rmSync(building, { recursive: true, force: true });
  }
  return template;
}

export function copyTemplate(template: string, target: string): void {
  cpSync(template, target, { recursive: true });
}
