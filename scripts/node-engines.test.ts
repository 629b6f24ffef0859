import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

const manifest = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
const bootstrap = readFileSync(path.join(root, 'scripts/bootstrap.mjs'), 'utf8');

// The oldest Node the project accepts must satisfy every installed package's declared engine:
// otherwise `npm install` prints EBADENGINE warnings on a Node the README calls supported.
describe('the Node.js version the project declares', () => {
  const oldestAccepted = semver.minVersion(manifest.engines.node)?.version ?? '';

  it('satisfies the engine every locked dependency declares', () => {
    const unsatisfied = Object.entries(lock.packages)
      .filter(([name]) => name !== '')
      .flatMap(([name, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (!range || semver.satisfies(oldestAccepted, range)) return [];
        return [`${name.replace(/^.*node_modules\//, '')} ${entry.version ?? ''} wants ${range}`];
      });
    expect(unsatisfied).toEqual([]);
  });

  it('is what the two commands fetch on an older Node', () => {
    const fetched = /version: '(\d+\.\d+\.\d+)'/.exec(bootstrap)?.[1] ?? '';
    const minimum = /minimum: \[(\d+), (\d+)\]/.exec(bootstrap);
    expect(semver.satisfies(fetched, manifest.engines.node)).toBe(true);
    expect(`${minimum?.[1]}.${minimum?.[2]}.0`).toBe(oldestAccepted);
  });
});
