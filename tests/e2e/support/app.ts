import { randomUUID } from 'node:crypto';
import { mkdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { TranscriptionDto } from '../../../src/core/api/transcriptions.js';
import { durationOf, encode, makeSpeechClip } from '../../fixtures/speech/speech-fixtures.js';

/** PocketSphinx recognises counting word for word; tests assert on a run of it such as 'four five six'. */
export const COUNTING = 'one two three four five six seven eight nine ten';

export const PASSWORD = 'correct horse battery staple';

/**
 * Signs a new user up and in through better-auth's own endpoints from inside the page (which sets
 * the session cookie on the context), as the form does, then opens the dashboard as that user.
 */
export async function signUp(
  page: Page,
  name = 'Ada Lovelace',
): Promise<{ email: string; name: string }> {
  const email = `${name.split(' ')[0]?.toLowerCase() ?? 'user'}-${randomUUID()}@example.com`;
  await page.goto('/api/login');
  const statuses = await page.evaluate(
    async (body) => {
      const post = (path: string, payload: object) =>
        fetch(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(payload),
        }).then((response) => response.status);
      const signedUp = await post('/api/identity/sign-up/email', body);
      const signedIn = await post('/api/identity/sign-in/email', {
        email: body.email,
        password: body.password,
      });
      return [signedUp, signedIn];
    },
    { email, password: PASSWORD, name },
  );
  expect(statuses).toEqual([200, 200]);
  await page.goto('/');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  return { email, name };
}

/** The one toast on screen (the app shows one at a time). */
export function toastArea(page: Page): Locator {
  return page.getByTestId('toast');
}

/**
 * How long a test waits for a short upload's transcript, as a person would: a bound for a loaded
 * machine, not a speed target.
 */
export const TRANSCRIPTION_WAIT_MS = 90_000;

/** Waits until the toast on screen has this title (and description, when given). */
export async function waitForToast(
  page: Page,
  title: string,
  description?: string,
  { timeout }: { timeout?: number } = {},
): Promise<void> {
  const toast = toastArea(page);
  await toast.getByText(title, { exact: true }).waitFor({ timeout });
  if (description !== undefined) await toast.getByText(description, { exact: true }).waitFor();
}

/** GET a JSON API path with the page's session cookie. */
export async function apiGet<T>(page: Page, url: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (target) => {
    const response = await fetch(target, { credentials: 'include' });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
  }, url);
}

/** POSTs JSON from inside the page, with its session. */
export function postJson<T>(
  page: Page,
  url: string,
  body?: object,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ target, payload }) => {
      const response = await fetch(target, {
        method: 'POST',
        headers: payload === undefined ? {} : { 'content-type': 'application/json' },
        body: payload === undefined ? undefined : JSON.stringify(payload),
      });
      return { status: response.status, body: (await response.json()) as T };
    },
    { target: url, payload: body },
  );
}

/** Pays for Pro through the API the test-mode form uses, without the page. */
export async function subscribeViaApi(page: Page): Promise<void> {
  const checkout = await postJson<{ subscriptionId: string; clientSecret: string }>(
    page,
    '/api/get-or-create-subscription',
  );
  const paid = await postJson<{ paymentIntent?: { status: string } }>(
    page,
    '/api/billing/test-mode/confirm-payment',
    {
      clientSecret: checkout.body.clientSecret,
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123' },
    },
  );
  expect(paid.body.paymentIntent?.status).toBe('succeeded');
  await postJson(page, '/api/update-subscription-status', {
    subscriptionId: checkout.body.subscriptionId,
    status: 'active',
  });
}

/** The spec's file size text (base 1024, two decimals, trailing zeros dropped), written independently of the app's. */
export function specFileSize(bytes: number): string {
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${parseFloat(value.toFixed(2))} ${units[unit]}`;
}

export interface AppAudio {
  /** About 11.3 s: counting twice with a pause between (two timed segments), MP3. */
  shortMp3: { path: string; seconds: number; size: number };
  /** About 45.3 s of counting with pauses, MP3: a free user's transcript stops at 30 s. */
  longMp3: { path: string; seconds: number; size: number };
}

async function padded(
  input: string,
  output: string,
  seconds: number,
  codec: readonly string[],
): Promise<{ path: string; seconds: number; size: number }> {
  await encode(input, output, [
    '-af',
    `apad=whole_dur=${seconds}`,
    '-t',
    String(seconds),
    ...codec,
  ]);
  const measured = await durationOf(output);
  // The fraction is chosen well away from .5 so that the whole-second display cannot wobble.
  expect(Math.abs(measured - seconds)).toBeLessThan(0.15);
  return { path: output, seconds: measured, size: (await stat(output)).size };
}

const MP3 = ['-ac', '1', '-ar', '16000', '-c:a', 'libmp3lame', '-b:a', '64k'] as const;

/** Real speech made with espeak-ng and ffmpeg, at lengths whose displayed durations are unambiguous. */
export async function makeAppAudio(directory: string): Promise<AppAudio> {
  const short = await makeSpeechClip(directory, 'short', [
    { silence: 0.6 },
    { say: COUNTING },
    { silence: 1.5 },
    { say: COUNTING },
    { silence: 0.6 },
  ]);
  const shortSeconds = Math.ceil(short.duration) + 0.3;
  const longParts = Array.from({ length: 7 }, () => [{ say: COUNTING }, { silence: 1.5 }]).flat();
  const long = await makeSpeechClip(directory, 'long', [{ silence: 0.5 }, ...longParts]);
  expect(long.duration).toBeLessThan(45);
  return {
    shortMp3: await padded(
      short.path,
      path.join(directory, 'meeting-notes.mp3'),
      shortSeconds,
      MP3,
    ),
    longMp3: await padded(long.path, path.join(directory, 'long-interview.mp3'), 45.3, MP3),
  };
}

/** A 48 kHz mono 16-bit WAV of counting, for Chromium's fake microphone (which loops it). */
export async function makeMicrophoneWav(
  directory: string,
): Promise<{ path: string; seconds: number }> {
  const clip = await makeSpeechClip(directory, 'mic', [
    { silence: 1 },
    { say: COUNTING },
    { silence: 1.5 },
  ]);
  const output = path.join(directory, 'microphone-48k.wav');
  await encode(clip.path, output, ['-ar', '48000', '-ac', '1', '-c:a', 'pcm_s16le']);
  return { path: output, seconds: clip.duration };
}

export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * A screenshot at a given width, under test-results/screenshots/<name>-<width>.png: the whole page,
 * or (`fullPage: false`) only the viewport, as a person sees a modal dialog over the page.
 */
export async function screenshotAt(
  page: Page,
  name: string,
  width: number,
  { height = 900, fullPage = true }: { height?: number; fullPage?: boolean } = {},
): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.setViewportSize({ width, height });
  const file = path.join(SCREENSHOT_DIR, `${name}-${width}.png`);
  await page.screenshot({ path: file, fullPage, animations: 'disabled' });
  return file;
}

/**
 * Uploads a file to POST /api/transcriptions from inside the page (the session cookie goes along)
 * and waits until its job has finished. For tests whose subject is what comes after the upload.
 */
export async function uploadViaApi(
  page: Page,
  file: string,
  name = path.basename(file),
  /** Real speech of some length takes PocketSphinx a while on a busy machine. */
  timeoutMs = 60_000,
): Promise<TranscriptionDto> {
  const base64 = (await readFile(file)).toString('base64');
  const created = await page.evaluate(
    async ({ data, filename }) => {
      const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
      const form = new FormData();
      form.append('audio', new File([bytes], filename, { type: 'audio/mpeg' }));
      const response = await fetch('/api/transcriptions', { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as TranscriptionDto };
    },
    { data: base64, filename: name },
  );
  expect(created.status).toBe(201);
  let current = created.body;
  await expect
    .poll(
      async () => {
        current = (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${created.body.id}`))
          .body;
        return current.status;
      },
      { timeout: timeoutMs, interval: 250 },
    )
    .toBe('completed');
  return current;
}

/** The MIME type a desktop file manager gives a dragged file, by its extension. */
const DRAGGED_TYPES: Record<string, string> = {
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.m4a': 'audio/mp4',
  '.txt': 'text/plain',
};

/**
 * Drags a file from the desktop onto a drop area, as the browser reports it: dragenter (the area
 * shows `dropHint` while the file hovers over it), dragover, then drop with the file's bytes.
 */
export async function dropFile(
  page: Page,
  dropArea: Locator,
  file: string,
  dropHint = 'Drop the audio file here',
): Promise<void> {
  const name = path.basename(file);
  const dataTransfer = await page.evaluateHandle(
    ({ data, filename, type }) => {
      const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], filename, { type }));
      return transfer;
    },
    {
      data: (await readFile(file)).toString('base64'),
      filename: name,
      type: DRAGGED_TYPES[path.extname(name).toLowerCase()] ?? '',
    },
  );
  await dropArea.dispatchEvent('dragenter', { dataTransfer });
  await dropArea.getByText(dropHint, { exact: true }).waitFor();
  await dropArea.dispatchEvent('dragover', { dataTransfer });
  await dropArea.dispatchEvent('drop', { dataTransfer });
  await dataTransfer.dispose();
}
