import { readFileSync } from 'node:fs';

/** package.json's version; the same three folders up from src/server/backups and dist/server/backups. */
export function readAppVersion(): string {
  const manifest = JSON.parse(
    readFileSync(new URL('../../../package.json', import.meta.url), 'utf8'),
  ) as { version: string };
  return manifest.version;
}
