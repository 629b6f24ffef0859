import path from 'node:path';
import type { BrowserContext, Dialog, Locator, Page, Route, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  TranscriptionDto,
  TranscriptionListItemDto,
} from '../../src/core/api/transcriptions.js';
import { LIVE_DISCONNECTED } from '../../src/web/features/recorder/live-preview.js';
import { makeTempDirectory } from '../fixtures/speech/speech-fixtures.js';
import {
  apiGet,
  COUNTING,
  makeMicrophoneWav,
  screenshotAt,
  signUp,
  subscribeViaApi,
  waitForToast,
} from './support/app.js';
import { launchPersistentBrowser, watchErrors } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

/** "Recording 2026-11-27 14:05" for the browser's clock now, written apart from the app's code. */
function browserMinuteName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const two = (value: number) => String(value).padStart(2, '0');
    return `Recording ${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())} ${two(now.getHours())}:${two(now.getMinutes())}`;
  });
}

/** Clicks Start Recording and returns the names the recording may get: the minute may turn meanwhile. */
async function startRecording(page: Page, recorder: Locator): Promise<string[]> {
  const before = await browserMinuteName(page);
  await recorder.getByRole('button', { name: 'Start Recording' }).click();
  await recorder.getByText('Recording...', { exact: true }).waitFor();
  return [...new Set([before, await browserMinuteName(page)])];
}

const seconds = (text: string | null) => {
  const [, minutes = '0', rest = '0'] = text?.match(/(\d+):(\d\d)/) ?? [];
  return Number(minutes) * 60 + Number(rest);
};

const recorderOf = (page: Page) => page.getByRole('region', { name: 'Record audio' });

/** Waits until the recorder's clock shows at least `atLeast` seconds; returns what it shows. */
async function recordFor(page: Page, atLeast: number): Promise<number> {
  const timer = recorderOf(page).getByRole('timer', { name: 'Recording time' });
  await expect
    .poll(async () => seconds(await timer.textContent()), { timeout: 60_000, interval: 200 })
    .toBeGreaterThanOrEqual(atLeast);
  return seconds(await timer.textContent());
}

/** The renderer dies as in a crash: no unload handler, no last write. */
async function crash(page: Page): Promise<void> {
  const devtools = await page.context().newCDPSession(page);
  const crashed = page.waitForEvent('crash');
  devtools.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close();
}

/** Holds every POST /api/transcriptions until released: the moment between sending and saved. */
async function holdUploads(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/transcriptions', async (route: Route) => {
    if (route.request().method() === 'POST') await released;
    await route.continue();
  });
  return release;
}

/** Tries to close the page as a person closing the tab would; the page's `beforeunload` may ask first. */
async function tryToLeave(page: Page, dialogs: Dialog[], expectAsked: boolean): Promise<void> {
  const asked = dialogs.length;
  await page.close({ runBeforeUnload: true });
  if (expectAsked) {
    await expect.poll(() => dialogs.length).toBe(asked + 1);
    expect(dialogs[asked]?.type()).toBe('beforeunload');
  } else {
    if (!page.isClosed()) await page.waitForEvent('close');
    expect(dialogs).toHaveLength(asked);
  }
}

describe('the recorder with a fake microphone against the real server', () => {
  let server: RunningServer;
  let browser: BrowserContext;
  let microphone: { path: string; seconds: number };
  let temp: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    temp = await makeTempDirectory('sonoscript-e2e-recorder-');
    [microphone, server] = await Promise.all([makeMicrophoneWav(temp.path), startServer()]);
    // Chromium plays the WAV (in a loop) as the microphone. Permission is left to each test, so a
    // denial can be tested: no --use-fake-ui-for-media-stream. The profile persists, as a
    // person's does, so a recording kept by a killed tab is there for the next one.
    browser = await launchPersistentBrowser(
      path.join(temp.path, 'profile'),
      [
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${microphone.path}`,
      ],
      { baseURL: server.baseUrl, viewport: { width: 1280, height: 900 } },
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await temp?.remove();
  });

  it('stopping saves the recording at once under its date and time, the live words staying while it is saved and transcribed; leaving asks first only while something is unsaved', async () => {
    await browser.grantPermissions(['microphone'], { origin: server.baseUrl });
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const dialogs: Dialog[] = [];
    let leave: 'stay' | 'leave' = 'stay';
    page.on('dialog', (dialog) => {
      dialogs.push(dialog);
      void (leave === 'stay' ? dialog.dismiss() : dialog.accept());
    });
    await signUp(page, 'Hedy Lamarr');
    // Pro: a slow machine may take longer than the free preview's 30 s to show the first words.
    await subscribeViaApi(page);
    // The live preview's WebSocket passes through the test, which can cut it as a lost network would.
    const liveConnections: WebSocketRoute[] = [];
    await page.routeWebSocket(/\/api\/transcriptions\/live$/, (route) => {
      route.connectToServer();
      liveConnections.push(route);
    });
    const recorder = page.getByRole('region', { name: 'Record audio' });
    const names = await startRecording(page, recorder);
    const timer = recorder.getByRole('timer', { name: 'Recording time' });
    const timerSeconds = async () => seconds(await timer.textContent());

    // Words of the test speech appear under the timer while it still records.
    const live = recorder.getByRole('log', { name: 'Live transcript' });
    const countingWordsHeard = async () => {
      const heard = new Set((await live.textContent())?.split(/\s+/));
      return COUNTING.split(' ').filter((word) => heard.has(word)).length;
    };
    await expect
      .poll(countingWordsHeard, { timeout: 120_000, interval: 250 })
      .toBeGreaterThanOrEqual(3);
    expect(await recorder.getByRole('button', { name: 'Stop Recording' }).isEnabled()).toBe(true);

    // Leaving while it records asks first; staying keeps it recording.
    await tryToLeave(page, dialogs, true);
    await recorder.getByText('Recording...', { exact: true }).waitFor();

    const droppedAt = await timerSeconds();
    expect(liveConnections).toHaveLength(1);
    await liveConnections[0]?.close({ code: 4000, reason: 'network lost' });
    await recorder.getByText(LIVE_DISCONNECTED, { exact: true }).waitFor();
    await recorder.getByText('Recording...', { exact: true }).waitFor();

    // A whole pass of the looping file after the drop, and a second more, by the recorder's clock.
    const wholeSeconds = droppedAt + Math.ceil(microphone.seconds) + 1;
    await expect
      .poll(timerSeconds, { timeout: 60_000, interval: 200 })
      .toBeGreaterThanOrEqual(wholeSeconds);
    expect(await timer.textContent()).toMatch(/ \/ 5:00$/);
    const heardWords = (await live.textContent()) ?? '';

    // Stop: saved at once, no second button. Held here between sending and the server's answer.
    const releaseSave = await holdUploads(page);
    await recorder.getByRole('button', { name: 'Stop Recording' }).click();
    await recorder.getByText('Saving recording...', { exact: true }).waitFor();
    const name =
      (await recorder.getByText(/^Recording \d{4}-\d\d-\d\d \d\d:\d\d$/).textContent()) ?? '';
    expect(names).toContain(name);
    expect(await live.textContent()).toBe(heardWords);
    expect(await page.getByRole('button', { name: 'Upload and Transcribe' }).count()).toBe(0);
    expect(await page.getByText('Ready to upload', { exact: true }).count()).toBe(0);
    // A new recording may start while the last one is sent.
    expect(await recorder.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);
    // Not yet saved: leaving asks first.
    await tryToLeave(page, dialogs, true);
    await screenshotAt(page, 'recorder-saving', 390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.setViewportSize({ width: 1280, height: 900 });
    releaseSave();

    // The transcription starts at once under the recording's name, in the list and in the recorder.
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name }).waitFor();
    await waitForToast(
      page,
      'Transcription complete!',
      'Your audio has been successfully transcribed.',
    );
    await recorder.getByText('Transcription complete', { exact: true }).waitFor();
    const transcript = recorder.getByRole('log', { name: 'Transcript' });
    expect(await transcript.textContent()).toContain('four five six');
    await recorder.getByRole('link', { name: 'Open transcript' }).waitFor();
    expect(await recorder.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);
    await screenshotAt(page, 'recorder-saved', 1280);

    const { body: items } = await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions');
    expect(items).toHaveLength(1);
    const { body: item } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${items[0]?.id}`,
    );
    expect(item?.filename).toBe(name);
    expect(item?.status).toBe('completed');
    expect(item?.durationInSeconds).toBeGreaterThanOrEqual(wholeSeconds - 0.5);
    // The whole recording, from before and after the drop, is transcribed.
    expect(item?.text.match(/four five six/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    // What was uploaded is a real 16-bit PCM WAV, not a renamed WebM.
    const header = await page.evaluate(async (id) => {
      const response = await fetch(`/api/transcriptions/${id}/audio`);
      const view = new DataView(await response.arrayBuffer());
      const ascii = (offset: number) =>
        String.fromCharCode(...[0, 1, 2, 3].map((index) => view.getUint8(offset + index)));
      return {
        type: response.headers.get('content-type'),
        riff: ascii(0),
        wave: ascii(8),
        format: view.getUint16(20, true),
        bits: view.getUint16(34, true),
      };
    }, item?.id ?? '');
    expect(header).toMatchObject({ riff: 'RIFF', wave: 'WAVE', format: 1, bits: 16 });
    expect(header.type).toMatch(/^audio\/(wav|x-wav|wave)/);

    // Everything saved: leaving asks nothing.
    expect(errors).toEqual([]);
    leave = 'leave';
    await tryToLeave(page, dialogs, false);
  });

  it('without microphone permission: the exact message, and recording stays available, also while a file uploads', async () => {
    await browser.clearPermissions();
    const page = await browser.newPage();
    const errors = watchErrors(page);
    const dialogs: Dialog[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog);
      void dialog.dismiss();
    });
    await signUp(page, 'Mary Jackson');
    const recorder = page.getByRole('region', { name: 'Record audio' });
    const startButton = recorder.getByRole('button', { name: 'Start Recording' });
    await startButton.click();
    await recorder
      .getByRole('alert')
      .getByText('Please allow microphone access to record audio.', { exact: true })
      .waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    expect(await startButton.isEnabled()).toBe(true);
    expect(await recorder.getByRole('timer').count()).toBe(0);

    // A file being sent: leaving asks first, and recording is not held back by it.
    await page.getByLabel('Audio file', { exact: true }).setInputFiles(microphone.path);
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    const releaseUpload = await holdUploads(page);
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    await page.getByText('Uploading...', { exact: true }).waitFor();
    expect(await startButton.isEnabled()).toBe(true);
    await tryToLeave(page, dialogs, true);
    releaseUpload();
    await waitForToast(page, 'Transcription complete!');
    expect(await startButton.isEnabled()).toBe(true);

    await page.close();
    expect(errors).toEqual([]);
  });

  it('recordings cut off by killed tabs are offered on the next visit with their lengths, one discarded after a second click, the other saved and transcribed from the browser copy (390 px)', async () => {
    await browser.grantPermissions(['microphone'], { origin: server.baseUrl });
    const killed = await browser.newPage();
    await killed.setViewportSize({ width: 390, height: 844 });
    await signUp(killed, 'Grace Hopper');
    const names = await startRecording(killed, recorderOf(killed));
    // Two passes of the looping file and a second more: one whole run of counting, wherever it began.
    const recordedSeconds = Math.ceil(2 * microphone.seconds) + 1;
    const killedAt = await recordFor(killed, recordedSeconds);
    await crash(killed);

    // A second tab records a few seconds, while the first one's copy waits.
    const alsoKilled = await browser.newPage();
    await alsoKilled.goto('/');
    await startRecording(alsoKilled, recorderOf(alsoKilled));
    await recordFor(alsoKilled, 3);

    // A third tab opened meanwhile offers the dead tab's recording, never the one still being made.
    const page = await browser.newPage();
    const errors = watchErrors(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    const offers = recorderOf(page).getByRole('alert').filter({ hasText: 'Recording not saved' });
    await expect.poll(() => offers.count()).toBe(1);
    expect(await offers.filter({ hasText: /\(0:[1-5]\d\)/ }).count()).toBe(1);

    // The second tab dies too: the open page offers its recording without a reload.
    await crash(alsoKilled);
    await expect.poll(() => offers.count()).toBe(2);
    const short = offers.filter({ hasText: /\(0:0\d\)/ });
    const offer = offers.filter({ hasText: /\(0:[1-5]\d\)/ });
    expect(await short.count()).toBe(1);
    await offer.waitFor();

    // Discarding asks once more; "Keep it" keeps it.
    await short.getByRole('button', { name: 'Discard', exact: true }).click();
    await short.getByText(/^Discard 0:0\d of recording for good\?$/).waitFor();
    await short.getByRole('button', { name: 'Keep it' }).click();
    await short.getByRole('button', { name: 'Save and transcribe' }).waitFor();
    await short.getByRole('button', { name: 'Discard', exact: true }).click();
    await short.getByRole('button', { name: 'Discard recording' }).click();
    await expect.poll(() => offers.count()).toBe(1);

    const offerText = (await offer.textContent()) ?? '';
    expect(offerText).toContain('was cut off before it was saved.');
    const name = names.find((candidate) => offerText.includes(candidate));
    expect(name, offerText).toBeDefined();
    const keptSeconds = seconds(offerText.match(/\((\d+:\d\d)\)/)?.[1] ?? null);
    // At most the last second is lost with the tab (and the clock shows whole seconds).
    expect(keptSeconds).toBeGreaterThanOrEqual(recordedSeconds - 2);
    expect(keptSeconds).toBeLessThanOrEqual(killedAt + 1);
    await screenshotAt(page, 'recorder-recovered', 1280);
    await screenshotAt(page, 'recorder-recovered', 390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await offer.getByRole('button', { name: 'Save and transcribe' }).click();
    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: name ?? '' }).waitFor();
    await waitForToast(page, 'Transcription complete!');
    expect(await recorderOf(page).getByRole('log', { name: 'Transcript' }).textContent()).toContain(
      'four five six',
    );
    expect(await offer.count()).toBe(0);

    const { body: items } = await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions');
    expect(items).toHaveLength(1);
    const { body: item } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${items[0]?.id}`,
    );
    expect(item?.filename).toBe(name);
    expect(item?.status).toBe('completed');
    expect(Math.abs((item?.durationInSeconds ?? 0) - keptSeconds)).toBeLessThan(1.5);
    // Free: each tab's live preview counted one; the saved recording claimed its own preview
    // instead of counting again (decision 0072), so 2 (the discarded one's preview) and not 3.
    const monthUsage = page.getByText('Transcriptions this month', { exact: true }).locator('..');
    await expect.poll(() => monthUsage.textContent()).toContain('2 of 10');
    // Once the server has it, the browser's copy is gone: nothing is offered again.
    const keptRecordings = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const opened = indexedDB.open('sonoscript-recordings');
          opened.onerror = () => reject(opened.error);
          opened.onsuccess = () => {
            const count = opened.result.transaction('recordings').objectStore('recordings').count();
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          };
        }),
    );
    expect(keptRecordings).toBe(0);

    await page.close();
    expect(errors).toEqual([]);
  });
});
