import { format } from 'date-fns';
import { readFile, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type {
  TranscriptionDto,
  TranscriptionListItemDto,
} from '../../src/core/api/transcriptions.js';
import type { UsageDto } from '../../src/core/api/usage.js';
import {
  apiGet,
  dropFile,
  screenshotAt,
  signUp,
  subscribeViaApi,
  specFileSize,
  uploadViaApi,
  TRANSCRIPTION_WAIT_MS,
  waitForToast,
} from './support/app.js';
import { openPage } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

declare global {
  interface Window {
    shownNotifications: Array<{ title: string; body: string | undefined }>;
  }
}

/** What the browser does to a tab the user leaves (or comes back to): its visibility and the event. */
async function setTabHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

/** Picks a file through the Upload Audio card's file input, as the browser's picker would. */
async function chooseFile(page: Page, file: string): Promise<void> {
  await page.getByLabel('Audio file', { exact: true }).setInputFiles(file);
}

const UPLOAD_STATES = ['Uploading...', 'Processing transcription...', 'Done'];
type StateLog = { uploadStates?: string[] };

/** Records, in order, each upload state label the page shows from now on (however briefly). */
async function recordUploadStates(page: Page): Promise<void> {
  await page.evaluate((labels) => {
    const seen: string[] = [];
    (window as StateLog).uploadStates = seen;
    const look = () => {
      const text = document.body.innerText;
      for (const label of labels)
        if (!seen.includes(label) && text.includes(label)) seen.push(label);
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  }, UPLOAD_STATES);
}

/**
 * Chooses, uploads and waits for the result toast; checks the card went through the spec's
 * states in order, and was reset to the drop area afterwards.
 */
async function uploadThroughCard(
  page: Page,
  file: string,
  resultToast: string,
  choose: (page: Page, file: string) => Promise<void> = chooseFile,
): Promise<void> {
  await choose(page, file);
  await page.getByText('Ready to upload', { exact: true }).waitFor();
  await recordUploadStates(page);
  await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
  // The card stays in 'Processing transcription...' while it polls the queued job (a second at least).
  await page.getByText('Processing transcription...', { exact: true }).waitFor();
  await waitForToast(page, resultToast, undefined, { timeout: TRANSCRIPTION_WAIT_MS });
  await page.getByRole('button', { name: /audio file here/ }).waitFor();
  expect(await page.evaluate(() => (window as StateLog).uploadStates)).toEqual(UPLOAD_STATES);
}

describe('the signed-in app against the real server', () => {
  const app = useRunningApp('sonoscript-e2e-app-');

  it('a new user uploads speech, reads, downloads and deletes the transcript', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Ada Lovelace');
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();

    // The empty state's Upload Audio button opens the browser's file picker.
    const pickFromEmptyState = async (target: Page, file: string) => {
      const [chooser] = await Promise.all([
        target.waitForEvent('filechooser'),
        target.getByRole('button', { name: 'Upload Audio', exact: true }).click(),
      ]);
      await chooser.setFiles(file);
    };
    await uploadThroughCard(
      page,
      app.audio.shortMp3.path,
      'Transcription complete!',
      pickFromEmptyState,
    );
    expect(await page.getByTestId('toast').textContent()).toContain(
      'Your audio has been successfully transcribed.',
    );

    // The list refreshed by itself: the item is there with its transcript.
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'meeting-notes.mp3' }).waitFor();
    await expect.poll(() => list.textContent()).toContain('four five six');
    // Which engine wrote it is never hidden, on the row too.
    await list.getByText('PocketSphinx', { exact: true }).waitFor();

    const { body: items } = await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions');
    expect(items).toHaveLength(1);
    expect(items[0]?.status).toBe('completed');
    const { body: item } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${items[0]?.id}`,
    );

    // The item's menu leads to the detail page: name, date, duration, size, the words.
    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await page.getByRole('menuitem', { name: 'View full transcript' }).click();
    await page.getByRole('heading', { level: 1, name: 'meeting-notes.mp3' }).waitFor();
    expect(page.url()).toBe(`${app.server.baseUrl}/transcription/${item.id}`);
    const facts = page.locator('dl');
    expect(await facts.locator('dd').allTextContents()).toEqual([
      format(new Date(item.createdAt), 'MMM d, yyyy'),
      `${Math.round(app.audio.shortMp3.seconds)} seconds`,
      specFileSize(app.audio.shortMp3.size),
      // PocketSphinx cannot tell languages apart: the page says English was assumed.
      'English (assumed: the language could not be detected)',
    ]);
    expect(await facts.locator('dd').first().textContent()).toMatch(
      /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await page.getByRole('button', { name: 'Plain text' }).click();
    const text = await page.getByRole('main').textContent();
    expect(text).toContain('four five six');
    // The line under the transcript names the engine that spoke (the e2e server runs PocketSphinx).
    await page
      .getByText('Transcribed with the offline PocketSphinx engine: lower accuracy', {
        exact: true,
      })
      .waitFor();
    expect(
      await page.getByText('This transcription has been truncated', { exact: false }).count(),
    ).toBe(0);

    // Download's first format saves "<name>.txt" holding the transcript.
    await page.getByRole('button', { name: 'Download' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Text (.txt)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('meeting-notes.txt');
    const saved = await download.path();
    // The file keeps the transcript's words, in paragraphs at its pauses.
    expect((await readFile(saved, 'utf8')).replace(/\s+/g, ' ').trim()).toBe(item.text);
    expect(item.text).toContain('four five six');
    await waitForToast(page, 'Download successful');

    // Back on the dashboard, delete it after the product's own confirmation.
    await page.getByRole('link', { name: 'Back to dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', {
      name: 'Are you sure you want to delete this transcription?',
    });
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(page, 'Transcription deleted');
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();
    await page
      .getByText('Get started by uploading your first audio file.', { exact: true })
      .waitFor();
    expect((await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body).toEqual([]);

    // Its page is gone too: the spec's not-found text and a way back.
    await page.goto(`/transcription/${item.id}`);
    await page.getByRole('heading', { name: 'Transcription not found.' }).waitFor();
    expect(await page.getByRole('main').textContent()).toContain(
      "Transcription not found. The transcription you're looking for doesn't exist or you don't have permission to view it.",
    );
    await page.getByRole('link', { name: 'Go back to dashboard' }).click();
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();

    await context.close();
    // GET /api/transcriptions/<deleted id> answers 404, which Chromium logs as a console error by itself.
    expect(errors.filter((error) => !error.includes('status of 404 (Not Found)'))).toEqual([]);
  });

  it('a transcript deleted in another tab: download and delete in the stale tab fail with the spec texts, then the list catches up', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Katherine Johnson');
    await uploadViaApi(page, app.audio.shortMp3.path);
    await page.reload();
    const menu = page.getByRole('button', { name: 'Actions for meeting-notes.mp3' });
    await menu.waitFor();

    // The second tab deletes it; the first still lists it.
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('button', { name: 'Actions for meeting-notes.mp3' }).click();
    await other.getByRole('menuitem', { name: 'Delete' }).click();
    await other.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(other, 'Transcription deleted');
    await other.close();

    await menu.click();
    await page.getByRole('menuitem', { name: 'Text (.txt)' }).click();
    await waitForToast(
      page,
      'Download failed',
      'There was an error downloading your transcription',
    );

    await menu.click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await waitForToast(page, 'Delete failed', 'There was an error deleting your transcription');
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();

    await context.close();
    // Chromium logs each refused request (the download, then the delete) by itself.
    expect(errors).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
  });

  it('a free user uploads 45 s of speech: truncated to 30 s, told so, and the usage moves (a browser without EventSource)', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    // No events streams in this browser: the upload card and the list fall back to asking.
    await page.addInitScript(() => Reflect.deleteProperty(window, 'EventSource'));
    await signUp(page, 'Grace Hopper');
    const usage = page.getByRole('region', { name: 'Your Usage' });
    await expect.poll(() => usage.textContent()).toContain('0 of 10');
    expect(await usage.textContent()).toContain('0 Bytes of 100 MB');

    // Dragged from the desktop onto the card this time.
    await uploadThroughCard(
      page,
      app.audio.longMp3.path,
      'Transcription complete (truncated)',
      (target, file) =>
        dropFile(target, target.getByRole('button', { name: /audio file here/ }), file),
    );
    expect(await page.getByTestId('toast').textContent()).toContain(
      'Your audio exceeded the free tier limit and was truncated to 30 seconds. Upgrade to Pro for full transcriptions.',
    );
    // The usage card counts the new transcription and its stored app.audio.
    await expect.poll(() => usage.textContent()).toContain('1 of 10');
    expect(await usage.textContent()).toContain(
      `${specFileSize(app.audio.longMp3.size)} of 100 MB`,
    );
    expect(
      await usage
        .getByRole('progressbar', { name: 'Transcriptions this month' })
        .getAttribute('aria-valuenow'),
    ).toBe('10');

    // Download from the item's menu: "<name>.txt".
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      (async () => {
        await page.getByRole('button', { name: 'Actions for long-interview.mp3' }).click();
        await page.getByRole('menuitem', { name: 'Text (.txt)' }).click();
      })(),
    ]);
    expect(download.suggestedFilename()).toBe('long-interview.txt');
    expect(await readFile(await download.path(), 'utf8')).toContain('four five six');
    await waitForToast(page, 'Download successful');

    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'long-interview.mp3' }).click();
    await page.getByRole('heading', { level: 1, name: 'long-interview.mp3' }).waitFor();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: 'This transcription has been truncated to 30 seconds (free tier limit)' });
    await alert.waitFor();
    const upgrade = alert.getByRole('link', { name: 'Upgrade to Pro' });
    expect(await upgrade.getAttribute('href')).toBe('/upgrade');
    // The whole file's length is shown; only its first 30 seconds were transcribed.
    expect(await page.locator('dl dd').nth(1).textContent()).toBe('45 seconds');
    const { body: items } = await apiGet<TranscriptionDto[]>(page, '/api/transcriptions');
    const { body: item } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${items[0]?.id}`,
    );
    expect(item.isTruncated).toBe(true);
    expect(item.text).toContain('four five six');
    expect(Math.max(...item.segments.map((segment) => segment.end))).toBeLessThanOrEqual(30.05);

    await upgrade.click();
    await page.getByRole('heading', { level: 1, name: 'Upgrade to Pro' }).waitFor();
    expect(page.url()).toBe(`${app.server.baseUrl}/upgrade`);

    await context.close();
    expect(errors).toEqual([]);
  });

  it('refuses a wrong type and an over-size file with the exact texts, and cancels mid-upload leaving nothing', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Alan Turing');

    const notes = path.join(app.directory, 'notes.txt');
    await writeFile(notes, 'not audio at all\n');
    await chooseFile(page, notes);
    await page
      .getByRole('alert')
      .getByText('Invalid file type: Please upload an audio file (MP3, WAV, or M4A).', {
        exact: true,
      })
      .waitFor();
    // Said once, beside the drop area: no toast repeats it.
    expect(await page.getByTestId('toast').count()).toBe(0);

    // Sparse: 100 MB + 1 byte on disk costs nothing.
    const huge = path.join(app.directory, 'huge.mp3');
    await writeFile(huge, '');
    await truncate(huge, 100 * 1024 * 1024 + 1);
    await chooseFile(page, huge);
    await page
      .getByRole('alert')
      .getByText('File too large: File size exceeds the maximum limit of 100MB.', { exact: true })
      .waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await page.getByText('Ready to upload').count()).toBe(0);

    // Cancel mid-upload: the upload is throttled to 256 KB/s, so 20 MB takes over a minute.
    const big = path.join(app.directory, 'big-talk.mp3');
    await writeFile(big, Buffer.alloc(20 * 1024 * 1024, 0x55));
    await chooseFile(page, big);
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    // Over 1 MB on the free plan: the spec's notice (the server measures the real length).
    const notice = page.getByRole('alert').filter({ hasText: 'Automatic truncation' });
    expect(await notice.textContent()).toBe(
      'Automatic truncation' +
        'This file may exceed the free tier limit of 30 seconds. It will be automatically truncated to the free limit.',
    );
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 256 * 1024,
    });
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    await page.getByText('Uploading...', { exact: true }).waitFor();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
      .toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(50);
    await page.getByRole('button', { name: 'Cancel upload' }).click();
    await waitForToast(page, 'Upload cancelled', 'Your file upload was cancelled.');
    await page.getByRole('button', { name: /audio file here/ }).waitFor();
    expect(await page.getByText('Uploading...').count()).toBe(0);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await cdp.detach();

    // Nothing was kept: not in the list, not in the API, not in the usage.
    expect((await apiGet<TranscriptionDto[]>(page, '/api/transcriptions')).body).toEqual([]);
    expect((await apiGet<UsageDto>(page, '/api/usage')).body).toMatchObject({
      transcriptionsThisMonth: 0,
      storageBytes: 0,
    });
    await page.reload();
    await page.getByText('No transcriptions yet', { exact: true }).waitFor();

    await context.close();
    expect(errors).toEqual([]);
  });

  it('clicking a timed segment moves the audio player to the start of that segment', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Katherine Johnson');
    const transcription = await uploadViaApi(page, app.audio.shortMp3.path);
    expect(transcription.segments.length).toBeGreaterThanOrEqual(2);
    const [first, second] = transcription.segments;
    if (!first || !second) throw new Error('unreachable');
    expect(second.start).toBeGreaterThan(first.end);

    await page.goto(`/transcription/${transcription.id}`);
    const list = page.getByRole('list', { name: 'Timed transcript' });
    await list.waitFor();
    // Each line's time stamp is the button that plays it; the line itself carries the mark.
    const lines = list.getByRole('listitem');
    expect(await lines.count()).toBe(transcription.segments.length);
    const currentTime = () =>
      page.evaluate(() => document.querySelector('audio')?.currentTime ?? -1);

    await lines
      .nth(1)
      .getByRole('button', { name: /^Play from / })
      .click();
    await expect
      .poll(async () => {
        const time = await currentTime();
        return time >= second.start - 0.05 && time <= second.end;
      })
      .toBe(true);
    await expect.poll(() => lines.nth(1).getAttribute('aria-current')).toBe('true');

    await lines
      .nth(0)
      .getByRole('button', { name: /^Play from / })
      .click();
    await expect
      .poll(async () => {
        const time = await currentTime();
        return time >= first.start - 0.05 && time < second.start;
      })
      .toBe(true);
    await expect.poll(() => lines.nth(0).getAttribute('aria-current')).toBe('true');
    expect(await lines.nth(1).getAttribute('aria-current')).toBeNull();

    await context.close();
    expect(errors).toEqual([]);
  });

  it('the dashboard item and then the detail page show the text growing on a long file, with Cancel, then the whole transcript', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    // Notifications the page shows are noted, as the person would see them pop up.
    await page.addInitScript(() => {
      const Shown = window.Notification;
      window.shownNotifications = [];
      window.Notification = new Proxy(Shown, {
        construct(target, args: [string, NotificationOptions?]) {
          window.shownNotifications.push({ title: args[0], body: args[1]?.body });
          return Reflect.construct(target, args) as object;
        },
        get: (target, property) => Reflect.get(target, property) as unknown,
      });
    });
    await signUp(page, 'Grace Hopper');
    await subscribeViaApi(page);
    // 45 s of counting, whole (Pro): a short first part, then the rest, so the first words come
    // long before the last.
    const base64 = (await readFile(app.audio.longMp3.path)).toString('base64');
    const id = await page.evaluate(async (data) => {
      const bytes = Uint8Array.from(atob(data), (character) => character.charCodeAt(0));
      const form = new FormData();
      form.append('audio', new File([bytes], 'long-interview.mp3', { type: 'audio/mpeg' }));
      const response = await fetch('/api/transcriptions', { method: 'POST', body: form });
      return ((await response.json()) as TranscriptionDto).id;
    }, base64);

    // The dashboard follows it over one events stream, without asking for the list again.
    const listReads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/transcriptions') listReads.push(request.url());
    });
    await page.reload();
    const item = page
      .getByRole('list', { name: 'Transcriptions' })
      .getByRole('listitem')
      .filter({ hasText: 'long-interview.mp3' });
    await item
      .getByTitle('Latest line')
      .getByText(/one two three/)
      .waitFor({ timeout: 60_000 });
    expect(listReads).toHaveLength(1); // the page’s own first read, no polling since

    await item.getByRole('link', { name: 'long-interview.mp3' }).click();
    await page.waitForURL(`**/transcription/${id}`);
    // While it runs: the first words, the progress and Cancel, before the transcript is complete.
    const soFar = page.getByRole('list', { name: 'Transcript so far' });
    await soFar
      .getByText(/one two three/)
      .first()
      .waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Cancel' }).waitFor();
    const partialLines = await soFar.getByRole('listitem').count();
    const pageTitle = await page.title();

    // The user turns to another tab, having allowed notifications: when the job ends, the
    // background tab's title says so and a notification appears. Headless Chromium keeps every
    // tab visible, so the page is told what a browser tells a tab left behind.
    await context.grantPermissions(['notifications'], { origin: app.server.baseUrl });
    await setTabHidden(page, true);
    await page.waitForFunction(
      () => document.title === 'Transcript ready: long-interview.mp3 - Sonoscript',
      undefined,
      { timeout: 100_000 },
    );
    expect(await page.evaluate(() => window.shownNotifications)).toEqual([
      { title: 'Transcript ready', body: 'long-interview.mp3' },
    ]);
    // Back on the tab, the title is the page's own again.
    await setTabHidden(page, false);
    await page.waitForFunction((title) => document.title === title, pageTitle);

    // It grew into the whole transcript, on the same page without a reload.
    const whole = page.getByRole('list', { name: 'Timed transcript' });
    await whole.waitFor();
    expect(await whole.getByRole('listitem').count()).toBeGreaterThan(partialLines);
    expect(await page.getByRole('button', { name: 'Cancel' }).count()).toBe(0);

    await context.close();
    expect(errors).toEqual([]);
  });

  it('while a long upload is transcribed, its card and its list row show the same percentage at every moment', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Barbara Liskov');
    await subscribeViaApi(page);
    await page.reload();
    await chooseFile(page, app.audio.longMp3.path);
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    // Every change to the page is looked at as it lands: while both bars exist, their values are
    // noted side by side, so a moment in which the card and the row disagree cannot slip by.
    await page.evaluate((label) => {
      const seen: Array<[string | null, string | null]> = [];
      (window as { progressPairs?: typeof seen }).progressPairs = seen;
      new MutationObserver(() => {
        const bars = [...document.querySelectorAll(`[role="progressbar"][aria-label="${label}"]`)];
        if (bars.length === 2)
          seen.push([
            bars[0]!.getAttribute('aria-valuenow'),
            bars[1]!.getAttribute('aria-valuenow'),
          ]);
      }).observe(document.body, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      });
    }, 'Transcription progress for long-interview.mp3');
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    const row = page
      .getByRole('list', { name: 'Transcriptions' })
      .getByRole('listitem')
      .filter({ hasText: 'long-interview.mp3' });
    await row
      .getByRole('progressbar', { name: 'Transcription progress for long-interview.mp3' })
      .waitFor({ timeout: 60_000 });
    await waitForToast(page, 'Transcription complete!', undefined, {
      timeout: TRANSCRIPTION_WAIT_MS,
    });

    const pairs = await page.evaluate(
      () =>
        (window as { progressPairs?: Array<[string | null, string | null]> }).progressPairs ?? [],
    );
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter(([card, listRow]) => card !== listRow)).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('screenshots: the dashboard with one transcription and its detail page, at 1280 and 375 px', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl);
    await signUp(page, 'Margaret Hamilton');
    const transcription = await uploadViaApi(page, app.audio.shortMp3.path);
    await page.reload();
    await page
      .getByRole('list', { name: 'Transcriptions' })
      .getByRole('link', { name: 'meeting-notes.mp3' })
      .waitFor();
    await page.getByRole('region', { name: 'Your Usage' }).getByText('1 of 10').waitFor();
    for (const width of [1280, 375]) await screenshotAt(page, 'dashboard', width);

    await page.goto(`/transcription/${transcription.id}`);
    await page.getByRole('list', { name: 'Timed transcript' }).waitFor();
    await page.waitForFunction(() => (document.querySelector('audio')?.readyState ?? 0) >= 1);
    for (const width of [1280, 375]) await screenshotAt(page, 'transcription-detail', width);

    await context.close();
    expect(errors).toEqual([]);
  });
});
