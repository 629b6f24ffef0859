// Counts the pairs of src/web folders that import each other (issue 25: "two-way imports in
// src/web"). A folder is app, lib, components, marketing or features/<name>. `--list` names the
// imports behind each pair. WEB_LAYERS in eslint.config.js keeps the count at 0.
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve('src/web');
const files = readdirSync(root, { recursive: true })
  .map((name) => join(root, name))
  .filter((file) => /\.tsx?$/.test(file));

function folderOf(file) {
  const parts = relative(root, file).split('/');
  if (parts[0] === '..' || parts.length < 2) return undefined;
  if (parts[0] === 'features') return parts.length > 2 ? `features/${parts[1]}` : undefined;
  return parts[0];
}

const imports = new Map();
for (const file of files) {
  const from = folderOf(file);
  if (!from) continue;
  const text = readFileSync(file, 'utf8');
  for (const [, specifier] of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
    const to = folderOf(resolve(dirname(file), specifier));
    if (!to || to === from) continue;
    const key = `${from} -> ${to}`;
    imports.set(key, [...(imports.get(key) ?? []), `${relative(root, file)}: ${specifier}`]);
  }
}

const pairs = [...imports.keys()]
  .map((key) => key.split(' -> '))
  .filter(([from, to]) => from < to && imports.has(`${to} -> ${from}`));
for (const [a, b] of pairs) {
  console.log(`${a} <-> ${b}`);
  if (process.argv.includes('--list')) {
    for (const line of [...imports.get(`${a} -> ${b}`), ...imports.get(`${b} -> ${a}`)])
      console.log(`    ${line}`);
  }
}
console.log(`two-way folder imports in src/web: ${pairs.length}`);
