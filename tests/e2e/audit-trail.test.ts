import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/accessibility.js';
import { signUp, uploadViaApi } from './support/app.js';
import { openPage, waitUntilHydrated } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

describe('the activity in the browser', () => {
  const app = useRunningApp('sonoscript-e2e-audit-');

  it('lists what the user did in settings, and downloads it as CSV', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const { email } = await signUp(page, 'Ida Tarbell');
    const item = await uploadViaApi(page, app.audio.shortMp3.path, 'Standard Oil.mp3', 120_000);
    const downloaded = await page.evaluate(
      async (url) => (await fetch(url)).status,
      `/api/download/${item.id}?format=srt`,
    );
    expect(downloaded).toBe(200);

    await page.goto('/account#activity');
    await waitUntilHydrated(page);
    const card = page.getByRole('region', { name: 'Activity' });
    const events = card.getByRole('list', { name: 'Activity, newest first' }).getByRole('listitem');
    await card.getByText('Downloaded as SRT', { exact: true }).waitFor();
    expect(await events.count()).toBe(2);
    const [newest, oldest] = [events.nth(0), events.nth(1)];
    expect(await newest.getByText('Downloaded as SRT', { exact: true }).count()).toBe(1);
    expect(await oldest.getByText('Opened', { exact: true }).count()).toBe(1);
    expect(await newest.getByRole('link', { name: 'Standard Oil.mp3' }).getAttribute('href')).toBe(
      `/transcription/${item.id}`,
    );
    expect(await newest.textContent()).toContain(`by ${email}`);
    expect(await card.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect((await seriousAxeViolations(page)).join('\n')).toBe('');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^time,action,actor_id,actor_email,transcription_id/);
    expect(lines.slice(1).map((line) => line.split(',')[1])).toEqual([
      'transcription.export',
      'transcription.view',
    ]);
    await context.close();
    expect(errors).toEqual([]);
  });
});
