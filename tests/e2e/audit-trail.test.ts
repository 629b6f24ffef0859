import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './support/accessibility.js';
import { apiGet, signUp, uploadViaApi } from './support/app.js';
import { openPage, waitUntilHydrated } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

describe('the activity in the browser', () => {
  const app = useRunningApp('sonoscript-e2e-audit-');

  it('lists what the user did in settings, and downloads it as CSV', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await signUp(page, 'Ida Tarbell');
    const item = await uploadViaApi(page, app.audio.shortMp3.path, 'Standard Oil.mp3', 120_000);
    expect((await apiGet(page, `/api/download/${item.id}?format=srt`)).status).toBe(200);

    await page.goto('/account#activity');
    await waitUntilHydrated(page);
    const card = page.getByRole('region', { name: 'Activity' });
    const rows = card.getByRole('row');
    await card.getByRole('cell', { name: 'Downloaded as SRT' }).waitFor();
    await card.getByRole('cell', { name: 'Opened' }).waitFor();
    expect(await rows.count()).toBe(3);
    const newest = rows.nth(1);
    expect(await newest.getByRole('link', { name: 'Standard Oil.mp3' }).getAttribute('href')).toBe(
      `/transcription/${item.id}`,
    );
    expect(await newest.getByRole('cell').nth(3).textContent()).toMatch(/@/);
    expect(await card.getByRole('button', { name: 'Show more' }).count()).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

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
