import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentSchema } from './config.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const configSettings = () => Object.keys(environmentSchema.shape).sort();

/** The variables named in the first column of the README's settings table. */
function readmeSettings(): string[] {
  const table = read('README.md')
    .split('\n')
    .filter((line) => line.startsWith('| `'));
  return table.flatMap((line) => {
    const firstCell = line.split('|')[1] ?? '';
    return [...firstCell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((match) => match[1] as string);
  });
}

/** The variables `.env.example` assigns (`NAME=value`, one a line). */
function exampleSettings(): string[] {
  return read('.env.example')
    .split('\n')
    .flatMap((line) => /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1] ?? []);
}

describe('the documented settings', () => {
  it('the README table names exactly the settings config.ts reads, each once', () => {
    const documented = readmeSettings();
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(configSettings());
  });

  it('.env.example lists exactly the settings config.ts reads, each once', () => {
    const listed = exampleSettings();
    expect(new Set(listed).size).toBe(listed.length);
    expect([...listed].sort()).toEqual(configSettings());
  });
});

describe('the README', () => {
  it('names every benchmark script of package.json', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    const readme = read('README.md');
    const missing = Object.keys(scripts)
      .filter((name) => name.startsWith('bench:'))
      .filter((name) => !readme.includes(`\`${name}\``) && !readme.includes(`\`npm run ${name}\``));
    expect(missing).toEqual([]);
  });
});

describe('the decision records', () => {
  const records = readdirSync(new URL('../../docs/decisions/', import.meta.url)).filter((name) =>
    /^\d{4}-.*\.md$/.test(name),
  );

  it('each says whether it still holds', () => {
    const withoutStatus = records.filter(
      (name) =>
        !/^Status: (accepted|superseded by \d{4}|partly superseded by \d{4})/m.test(
          read(`docs/decisions/${name}`),
        ),
    );
    expect(withoutStatus).toEqual([]);
  });

  it('are all listed in the index', () => {
    const index = read('docs/decisions/README.md');
    expect(records.filter((name) => !index.includes(`(${name})`))).toEqual([]);
  });
});
