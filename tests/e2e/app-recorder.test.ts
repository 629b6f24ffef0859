import type { Browser, WebSocketRoute } from 'playwright-core';
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
  signUp,
  subscribeViaApi,
  waitForToast,
} from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('the recorder with a fake microphone against the real server', () => {
  let server: RunningServer;
  let browser: Browser;
  let microphone: { path: string; seconds: number };
  let temp: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    temp = await makeTempDirectory('sonoscript-e2e-recorder-');
    microphone = await makeMicrophoneWav(temp.path);
    // Chromium plays the WAV (in a loop) as the microphone. Permission is left to each context,
    // so a denial can be tested: no --use-fake-ui-for-media-stream.
    [server, browser] = await Promise.all([
      startServer(),
      launchBrowser([
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${microphone.path}`,
      ]),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await temp?.remove();
  });

  it('shows the words live while recording, keeps recording when the live connection drops, and uploads the whole recording as recording.wav', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, {
      permissions: ['microphone'],
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
    await recorder.getByRole('button', { name: 'Start Recording' }).click();
    await recorder.getByText('Recording...', { exact: true }).waitFor();
    const timer = recorder.getByRole('timer', { name: 'Recording time' });
    const timerSeconds = async () => {
      const [, minutes = '0', seconds = '0'] =
        (await timer.textContent())?.match(/^(\d+):(\d\d)/) ?? [];
      return Number(minutes) * 60 + Number(seconds);
    };

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
    await recorder.getByRole('button', { name: 'Stop Recording' }).click();
    await recorder.getByText('Recording complete:', { exact: false }).waitFor();
    await recorder.getByRole('button', { name: 'Use Recording' }).click();

    // The recording is now the upload card's file: a real WAV named recording.wav.
    await page.getByText('Ready to upload', { exact: true }).waitFor();
    await page.getByText('recording.wav', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Upload and Transcribe' }).click();
    await page.getByText('Processing transcription...', { exact: true }).waitFor();
    await waitForToast(
      page,
      'Transcription complete!',
      'Your audio has been successfully transcribed.',
    );

    const list = page.getByRole('list', { name: 'Transcriptions' });
    await list.getByRole('link', { name: 'recording.wav' }).waitFor();
    const { body: items } = await apiGet<TranscriptionListItemDto[]>(page, '/api/transcriptions');
    expect(items).toHaveLength(1);
    const { body: item } = await apiGet<TranscriptionDto>(
      page,
      `/api/transcriptions/${items[0]?.id}`,
    );
    expect(item?.filename).toBe('recording.wav');
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
    await expect.poll(() => list.textContent()).toContain('four five six');

    await context.close();
    expect(errors).toEqual([]);
  });

  it('without microphone permission: the exact message, and recording stays available', async () => {
    // No permissions granted: Chromium answers getUserMedia with NotAllowedError.
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await context.clearPermissions();
    await signUp(page, 'Mary Jackson');
    const recorder = page.getByRole('region', { name: 'Record audio' });
    await recorder.getByRole('button', { name: 'Start Recording' }).click();
    await recorder
      .getByRole('alert')
      .getByText('Please allow microphone access to record audio.', { exact: true })
      .waitFor();
    await waitForToast(
      page,
      'Recording unavailable',
      'Please allow microphone access to record audio.',
    );
    expect(await recorder.getByRole('button', { name: 'Start Recording' }).isEnabled()).toBe(true);
    expect(await recorder.getByRole('timer').count()).toBe(0);

    await context.close();
    expect(errors).toEqual([]);
  });
});
