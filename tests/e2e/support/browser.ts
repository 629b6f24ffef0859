import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Chromium with a profile kept in `profileDir`, as a person's browser keeps IndexedDB and cookies
 * between tabs. One context: every page of the file shares the profile.
 */
export async function launchPersistentBrowser(
  profileDir: string,
  extraArgs: string[] = [],
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  return chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
    ...options,
  });
}

/** Collects the page's console errors and uncaught errors: a test fails on any. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

export interface PageWatch {
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen so far: a test fails on any. */
  errors: string[];
}

/** A fresh context whose console errors are collected, so each test can assert there were none. */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: BrowserContextOptions = {},
): Promise<PageWatch> {
  const context = await browser.newContext({ baseURL: baseUrl, ...options });
  const page = await context.newPage();
  return { page, context, errors: watchErrors(page) };
}

/** The document has loaded, its requests (chunks, auth status) are done and React owns the h1. */
export async function waitUntilHydrated(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
  });
}
