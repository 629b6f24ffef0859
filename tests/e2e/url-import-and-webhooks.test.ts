import path from 'node:path';
import type { Browser } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDirectory, makeTone } from '../fixtures/speech/speech-fixtures.js';
import { startMediaServer, type MediaServer } from '../integration/support/media-server.js';
import {
  startWebhookReceiver,
  type WebhookReceiver,
} from '../integration/support/webhook-receiver.js';
import { seriousAxeViolations } from './support/accessibility.js';
import { screenshotAt, signUp, waitForToast } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const WIDTHS = [1280, 390] as const;

describe('import from a link, and webhooks in settings', () => {
  let server: RunningServer;
  let browser: Browser;
  let media: MediaServer;
  let receiver: WebhookReceiver;
  let fixtures: { path: string; remove: () => Promise<void> };

  beforeAll(async () => {
    fixtures = await makeTempDirectory('sonoscript-e2e-links-');
    const tone = path.join(fixtures.path, 'episode.wav');
    await makeTone(tone, 2);
    [server, browser, media, receiver] = await Promise.all([
      // The media server and the receiver listen on 127.0.0.1: the operator allows it by name.
      startServer({ URL_IMPORT_ALLOW_HOSTS: '127.0.0.1', RUN_WORKERS: 'false' }),
      launchBrowser(),
      startMediaServer(tone),
      startWebhookReceiver(),
    ]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await media?.close();
    await receiver?.close();
    await fixtures?.remove();
  });

  it.each(WIDTHS)(
    'the dashboard’s “From a link” field says why a link is refused, and imports an allowed one (%i px)',
    async (width) => {
      const { page, context, errors } = await openPage(browser, server.baseUrl, {
        viewport: { width, height: 900 },
      });
      await signUp(page);
      const card = page.getByRole('region', { name: 'From a link' });
      const field = card.getByLabel('Link to an audio or video file');
      await field.fill('http://169.254.169.254/latest/meta-data/');
      await card.getByRole('button', { name: 'Import' }).click();
      await card
        .getByRole('alert')
        .getByText(
          'This link cannot be imported: 169.254.169.254 is a link-local address (where cloud metadata services answer): refused.',
        )
        .waitFor();
      await field.fill(`${media.origin}/page`);
      await card.getByRole('button', { name: 'Import' }).click();
      await card
        .getByText(
          'The link gives text/html, not audio or video: only audio and video links can be imported.',
        )
        .waitFor();

      await field.fill(`${media.origin}/episode.wav`);
      await card.getByRole('button', { name: 'Import' }).click();
      await waitForToast(page, 'Link imported', 'episode.wav is queued for transcription.');
      await page.locator('#transcriptions').getByText('episode.wav').first().waitFor();
      expect(await field.inputValue()).toBe('');
      expect(await card.getByRole('alert').count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotAt(page, 'dashboard-from-a-link', width);
      await context.close();
      // The browser logs each refused request; the page itself logged nothing.
      expect(errors).toEqual([
        'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
        'Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)',
      ]);
    },
  );

  it.each(WIDTHS)(
    'settings add an endpoint, show its secret once, send a signed test event and list its delivery (%i px)',
    async (width) => {
      const { page, context, errors } = await openPage(browser, server.baseUrl, {
        viewport: { width, height: 900 },
      });
      await signUp(page);
      await page.goto('/account');
      const section = page.getByRole('region', { name: 'Webhooks' });
      await section.getByText('No endpoints yet.').waitFor();

      await section.getByLabel('Endpoint URL').fill('https://10.0.0.5/hooks');
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await section
        .getByRole('alert')
        .getByText('10.0.0.5 is a private network address: refused.')
        .waitFor();

      const url = `${receiver.url}?width=${width}`;
      await section.getByLabel('Endpoint URL').fill(url);
      await section.getByLabel('transcription.deleted').uncheck();
      await section.getByRole('button', { name: 'Add endpoint' }).click();
      await section.getByText('it is shown only this once', { exact: false }).waitFor();
      const secret = (await section.getByTestId('new-webhook-secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await section.getByText('transcription.completed, transcription.failed').waitFor();

      await section.getByRole('button', { name: `Send test event to ${url}` }).click();
      await waitForToast(page, 'Test event sent');
      const deliveries = section.getByRole('list', { name: `Deliveries to ${url}` });
      await deliveries.getByText('Delivered').waitFor();
      await deliveries.getByText('answer 200').waitFor();
      await deliveries.getByText('webhook.test').waitFor();
      const got = receiver.received.find((r) => r.url === `/hooks?width=${width}`);
      if (!got) throw new Error('the receiver got nothing');
      const verified = new Webhook(secret).verify(got.body, {
        'webhook-id': String(got.headers['webhook-id']),
        'webhook-timestamp': String(got.headers['webhook-timestamp']),
        'webhook-signature': String(got.headers['webhook-signature']),
      });
      expect(verified).toMatchObject({ type: 'webhook.test' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshotAt(page, 'settings-webhooks', width);

      // Shown once: after a reload, the endpoint is listed without its secret.
      await page.reload();
      await section.getByText(url).waitFor();
      expect(await section.getByTestId('new-webhook-secret').count()).toBe(0);
      expect(await page.content()).not.toContain(secret);

      await section.getByRole('button', { name: `Delete ${url}` }).click();
      await page.getByRole('button', { name: 'Delete endpoint' }).click();
      await waitForToast(page, 'Endpoint deleted');
      await section.getByText('No endpoints yet.').waitFor();
      await context.close();
      expect(errors).toEqual([
        'Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    },
  );
});
