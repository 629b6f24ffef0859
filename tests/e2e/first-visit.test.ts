import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.js';
import type {
  TranscriptionDto,
  TranscriptionListItemDto,
} from '../../src/core/api/transcriptions.js';
import { encode, run } from '../fixtures/speech/speech-fixtures.js';
import { apiGet, signUp, uploadViaApi, waitForToast } from './support/app.js';
import { upgradeWithTestCard } from './support/billing.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

const TRUNCATED_ALERT = 'This transcription has been truncated to 30 seconds (free tier limit)';

describe('a first visit without dead ends', () => {
  const app = useRunningApp('sonoscript-first-visit-e2e-');
  let flac: string;
  let m4a: string;
  let blip: string;

  beforeAll(async () => {
    flac = path.join(app.directory, 'counting.flac');
    m4a = path.join(app.directory, 'counting.m4a');
    await encode(app.audio.shortMp3.path, flac, ['-c:a', 'flac']);
    await encode(app.audio.shortMp3.path, m4a, ['-c:a', 'aac', '-b:a', '64k']);
    blip = path.join(app.directory, 'blip.wav');
    await run('ffmpeg', [
      '-nostdin',
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'anullsrc=r=16000:cl=mono',
      '-t',
      '0.4',
      blip,
    ]);
  });

  it('404 leads home; "Sign up to upgrade" opens sign-up and ends on /upgrade; a new user is not welcomed back', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await page.getByText(MESSAGES.notFoundText).waitFor();
    await page.getByRole('link', { name: 'See what Sonoscript does' }).waitFor();
    expect(await page.title()).toBe('Page not found - Sonoscript');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Transform your audio into text in seconds' })
      .waitFor();
    expect(page.url()).toBe(`${app.server.baseUrl}/`);

    const signUpForFree = page.getByRole('link', { name: 'Sign up for free' }).first();
    expect(await signUpForFree.getAttribute('href')).toBe('/api/login?mode=sign-up');
    await page.getByRole('link', { name: 'Sign up to upgrade' }).click();
    await page.getByRole('heading', { name: 'Create your Sonoscript account' }).waitFor();
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/upgrade');
    expect(await page.getByText('Welcome back').count()).toBe(0);
    expect(await page.title()).toBe('Create your account - Sonoscript');
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(`grace-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('compilers are fun');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`${app.server.baseUrl}/upgrade`);
    await page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' }).waitFor();
    expect(await page.title()).toBe('Upgrade to Pro - Sonoscript');
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByText('Welcome, Grace Hopper.', { exact: true }).waitFor();
    expect(await page.getByText(/Welcome back/).count()).toBe(0);
    expect(await page.title()).toBe('Dashboard - Sonoscript');

    await context.close();
    // Chromium itself logs the 404 document's status as a console error.
    expect(errors.filter((error) => !error.includes('status of 404'))).toEqual([]);
  });

  it('FLAC and M4A upload from the dashboard; a phone says "Tap to choose a file"; the mobile menu closes on Escape and outside', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Ada Lovelace');
    // Named by its text, which a narrow touch screen words differently.
    const dropArea = page.getByRole('button', { name: /audio file here|Tap to choose a file/ });
    await dropArea.getByText(/FLAC/).waitFor();
    for (const file of [flac, m4a]) {
      await dropArea.waitFor();
      await page.getByLabel('Audio file', { exact: true }).setInputFiles(file);
      await page.getByText('Ready to upload', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
      await page.getByText('Done', { exact: true }).waitFor({ timeout: 60_000 });
      await waitForToast(page, 'Transcription complete!');
    }
    const list = (await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions')).body;
    expect(list.map((item) => [item.filename, item.status])).toEqual([
      ['counting.m4a', 'completed'],
      ['counting.flac', 'completed'],
    ]);
    for (const item of list) expect(item.excerpt).toContain('four five six');
    await page
      .getByRole('link', { name: /counting\.flac/ })
      .first()
      .waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await dropArea.getByText('Tap to choose a file', { exact: true }).waitFor();
    expect(await page.getByText(/Drag and drop/).count()).toBe(0);

    const mobileMenu = page.getByRole('navigation', { name: 'Mobile' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mobileMenu.waitFor();
    await page.keyboard.press('Escape');
    await mobileMenu.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await mobileMenu.waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).click();
    await mobileMenu.waitFor({ state: 'detached' });

    await context.close();
    expect(errors).toEqual([]);
  });

  it('after upgrading, "Transcribe the whole file" turns a 30 s transcript into the whole one, in place', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Katherine Johnson');
    const cut = await uploadViaApi(page, app.audio.longMp3.path);
    expect(cut.isTruncated).toBe(true);

    await page.goto(`/transcription/${cut.id}`);
    await page.getByText(TRUNCATED_ALERT).waitFor();
    expect(await page.title()).toBe('long-interview.mp3 - Sonoscript');
    await page.getByRole('button', { name: 'Transcribe again' }).waitFor();
    expect(await page.getByRole('button', { name: 'Transcribe the whole file' }).count()).toBe(0);

    await upgradeWithTestCard(page, app.server.baseUrl);
    await page.goto(`/transcription/${cut.id}`);
    await page.getByRole('button', { name: 'Transcribe the whole file' }).click();
    // Running again in place: the page follows the job, which may be cancelled.
    await page.getByRole('button', { name: 'Cancel', exact: true }).waitFor();
    await page.getByRole('list', { name: 'Timed transcript' }).waitFor({ timeout: 120_000 });
    await page.getByText(TRUNCATED_ALERT).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Transcribe again' }).waitFor();
    const times = await page
      .getByRole('list', { name: 'Timed transcript' })
      .getByRole('button', { name: /^Play from / })
      .allTextContents();
    expect(times.some((text) => /^0:(3[1-9]|4\d)$/.test(text.trim()))).toBe(true);
    expect(page.url()).toBe(`${app.server.baseUrl}/transcription/${cut.id}`);

    const whole = (await apiGet<TranscriptionDto>(page, `/api/transcriptions/${cut.id}`)).body;
    expect(whole.isTruncated).toBe(false);
    expect(Math.max(...whole.segments.map((segment) => segment.end))).toBeGreaterThan(35);

    await context.close();
    expect(errors).toEqual([]);
  });
  it('at 10 of 10 the upload card and the recorder say so before any work, with a link to /upgrade', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Mary Jackson');
    const statuses = await page.evaluate(
      async (data) => {
        const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
        const results: number[] = [];
        for (let index = 0; index < 10; index += 1) {
          const form = new FormData();
          form.append('audio', new File([bytes], `note-${index}.wav`, { type: 'audio/wav' }));
          results.push((await fetch('/api/transcriptions', { method: 'POST', body: form })).status);
        }
        return results;
      },
      await readFile(blip, 'base64'),
    );
    expect(statuses).toEqual(Array(10).fill(201));

    await page.reload();
    const notice = page.getByRole('alert').filter({ hasText: 'Monthly limit reached' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('10 transcriptions per month');
    expect(
      await page.getByRole('button', { name: /audio file here/ }).getAttribute('aria-disabled'),
    ).toBe('true');
    expect(await page.getByRole('button', { name: 'Start Recording' }).isDisabled()).toBe(true);
    await page
      .getByText('Recording is off until you have transcriptions left this month.')
      .waitFor();
    await notice.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${app.server.baseUrl}/upgrade`);
    await page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' }).waitFor();

    await context.close();
    expect(errors).toEqual([]);
  });
});
