#!/usr/bin/env node
// The public site's weight and speed, measured in headless Chromium against the BUILT server
// (`npm run build` first):
// - gzip size of the JavaScript each public page actually loads (the .js responses Chromium
//   receives while the page loads and hydrates, each gzipped here at the default level), for the
//   landing page, /features and the heaviest public page;
// - time to first contentful paint of `/` (the prerendered hero), median of several cold visits.
// Sizes in kB of 1000 bytes, as Vite reports them.
// Targets: a marketing page under 120 kB of gzip JS; `/` paints in under 500 ms.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { freePort } from './free-port.mjs';

const JS_BUDGET_KB = 120;
const FCP_BUDGET_MS = 500;
const FCP_RUNS = Number(process.env.BENCH_FCP_RUNS ?? 9);
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync('dist/server/main.js') || !existsSync('dist/web/prerendered/manifest.json')) {
  console.error('The app is not built: run `npm run build` first.');
  process.exit(1);
}
const pages = JSON.parse(readFileSync('dist/web/prerendered/manifest.json', 'utf8')).map(
  (page) => page.path,
);

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sonoscript-bench-web-'));
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      BASE_URL: baseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (log += chunk));
  child.stderr.on('data', (chunk) => (log += chunk));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${log}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The .js files a cold visit to `pagePath` loads, with their gzip sizes. */
async function measureJs(browser, baseUrl, pagePath) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const bodies = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname.endsWith('.js')) {
      bodies.push(response.body().then((body) => ({ url: response.url(), body })));
    }
  });
  // The auth status is polled every 30 s, so the network goes idle once the page has hydrated.
  await page.goto(pagePath, { waitUntil: 'networkidle' });
  await page.locator('h1').first().waitFor();
  const files = (await Promise.all(bodies)).map(({ url, body }) => ({
    file: new URL(url).pathname,
    bytes: body.length,
    gzip: gzipSync(body).length,
  }));
  await context.close();
  if (errors.length > 0) throw new Error(`${pagePath} logged errors:\n${errors.join('\n')}`);
  return {
    path: pagePath,
    files: files.sort((a, b) => b.gzip - a.gzip),
    gzip: files.reduce((sum, file) => sum + file.gzip, 0),
  };
}

/** First contentful paint of a cold visit (fresh context, empty cache). */
async function measureFcp(browser, baseUrl, pagePath) {
  const context = await browser.newContext({ baseURL: baseUrl });
  const page = await context.newPage();
  await page.goto(pagePath);
  const fcp = await page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          const entry = list.getEntriesByName('first-contentful-paint')[0];
          if (entry) resolve(entry.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
  const heroInHtml = await page
    .getByRole('heading', { level: 1, name: 'Transform your audio into text in seconds' })
    .isVisible();
  await context.close();
  if (!heroInHtml) throw new Error(`${pagePath} did not show its hero`);
  return fcp;
}

const kb = (bytes) => (bytes / 1000).toFixed(1);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const server = await startServer();
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  const results = [];
  for (const pagePath of pages) results.push(await measureJs(browser, server.baseUrl, pagePath));
  const landing = results.find((result) => result.path === '/');
  const features = results.find((result) => result.path === '/features');
  const marketing = results.filter((result) => result.path !== '/');
  const heaviest = marketing.reduce((a, b) => (b.gzip > a.gzip ? b : a));

  console.log('JavaScript loaded per page (gzip):');
  for (const result of results) {
    console.log(
      `  ${result.path.padEnd(36)} ${kb(result.gzip).padStart(6)} kB in ${result.files.length} files`,
    );
  }
  console.log(`\nFiles loaded by / :`);
  for (const file of landing.files) {
    console.log(
      `  ${file.file.padEnd(48)} ${kb(file.gzip).padStart(6)} kB gzip (${kb(file.bytes)} kB)`,
    );
  }

  // Warm-up visit (server caches, Chromium's compiled code is per context so stays cold).
  await measureFcp(browser, server.baseUrl, '/');
  const paints = [];
  for (let run = 0; run < FCP_RUNS; run += 1)
    paints.push(await measureFcp(browser, server.baseUrl, '/'));
  const fcp = median(paints);

  const verdict = (ok) => (ok ? 'ok' : 'OVER BUDGET');
  console.log('\nSummary');
  console.log(
    `  landing page /            ${kb(landing.gzip)} kB gzip JS  (budget ${JS_BUDGET_KB} kB: ${verdict(landing.gzip < JS_BUDGET_KB * 1000)})`,
  );
  console.log(
    `  marketing page /features  ${kb(features.gzip)} kB gzip JS  (budget ${JS_BUDGET_KB} kB: ${verdict(features.gzip < JS_BUDGET_KB * 1000)})`,
  );
  console.log(
    `  heaviest public page      ${kb(heaviest.gzip)} kB gzip JS  (${heaviest.path}; ${verdict(heaviest.gzip < JS_BUDGET_KB * 1000)})`,
  );
  console.log(
    `  first contentful paint /  ${fcp.toFixed(0)} ms median of ${FCP_RUNS} cold visits (min ${Math.min(...paints).toFixed(0)}, max ${Math.max(...paints).toFixed(0)}; budget ${FCP_BUDGET_MS} ms: ${verdict(fcp < FCP_BUDGET_MS)})`,
  );
  const overBudget =
    landing.gzip >= JS_BUDGET_KB * 1000 ||
    heaviest.gzip >= JS_BUDGET_KB * 1000 ||
    fcp >= FCP_BUDGET_MS;
  process.exitCode = overBudget ? 1 : 0;
} finally {
  await browser.close();
  await server.stop();
}
