#!/usr/bin/env node
// Builds the web app (Vite), prerenders the public pages, compiles the server, copies migrations.
import { spawnSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';

function step(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

for (const folder of ['dist/server', 'dist/core', 'dist/prerender'])
  rmSync(folder, { recursive: true, force: true });
step('npx', ['vite', 'build', '--logLevel', 'warn']);
step('npx', [
  'vite',
  'build',
  '--logLevel',
  'warn',
  '--ssr',
  'prerender-entry.tsx',
  '--outDir',
  '../../dist/prerender',
  '--emptyOutDir',
]);
step(process.execPath, ['scripts/prerender.mjs']);
step('npx', ['tsc', '-p', 'tsconfig.server.json']);
cpSync('src/server/db/migrations', 'dist/server/db/migrations', { recursive: true });
