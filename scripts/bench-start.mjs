#!/usr/bin/env node
// Cold and warm `npm start` of a fresh clone, to the first HTTP 200 of `/`, and the server's idle
// memory. Cold: no node_modules, no build, no database. Warm: the same tree started again.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const PORT = 3900 + Math.floor(Math.random() * 90);
const source = process.cwd();
const clone = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-start-'));
execFileSync('git', ['clone', '-q', source, clone]);

function descendants(pid) {
  const children = [];
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry), ...descendants(Number(entry)));
    } catch {
      // process ended while we looked
    }
  }
  return children;
}

function rssMegabytes(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function timeStart(label) {
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...process.env, PORT: String(PORT), LOG_LEVEL: 'warn', NODE_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/`);
      if (response.status === 200) break;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 10_000));
  const server = descendants(child.pid).find((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/server/main.js');
    } catch {
      return false;
    }
  });
  const idle = server ? rssMegabytes(server) : NaN;
  process.kill(-child.pid, 'SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  console.log(
    `${label}: first HTTP 200 after ${seconds.toFixed(1)} s; server idle RSS ${idle.toFixed(0)} MB`,
  );
}

try {
  await timeStart('cold npm start (npm ci + build + new database)');
  await timeStart('warm npm start (unchanged tree)');
} finally {
  rmSync(clone, { recursive: true, force: true });
}
