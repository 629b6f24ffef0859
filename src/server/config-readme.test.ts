import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentSchema } from './config.js';

/** The variables named in the first column of the README's settings table. */
function readmeSettings(): string[] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const table = readme.split('\n').filter((line) => line.startsWith('| `'));
  return table.flatMap((line) => {
    const firstCell = line.split('|')[1] ?? '';
    return [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] as string);
  });
}

describe('the README settings table', () => {
  it('names exactly the settings config.ts reads, each once', () => {
    const documented = readmeSettings();
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(environmentSchema.shape).sort());
  });
});
