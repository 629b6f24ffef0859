import { describe, expect, it } from 'vitest';
import type { RetentionDto } from '../../src/core/api/retention.js';
import { seriousAxeViolations } from './support/accessibility.js';
import { apiGet, signUp, uploadViaApi, waitForToast } from './support/app.js';
import { openPage, waitUntilHydrated } from './support/browser.js';
import { useRunningApp } from './support/running-app.js';

describe('retention in the browser', () => {
  const app = useRunningApp('sonoscript-e2e-retention-');

  it('chooses "Delete transcripts after N days" in settings, and the transcript says when it goes', async () => {
    const { page, context, errors } = await openPage(app.browser, app.server.baseUrl, {
      viewport: { width: 1280, height: 900 },
    });
    await signUp(page, 'Grace Hopper');
    const item = await uploadViaApi(page, app.audio.shortMp3.path, undefined, 120_000);

    await page.goto('/account#retention');
    await waitUntilHydrated(page);
    const card = page.getByRole('region', { name: 'Retention' });
    expect(await card.getByRole('radio', { name: 'Keep', exact: true }).isChecked()).toBe(true);
    await card.getByRole('radio', { name: 'Delete transcripts after N days' }).check();
    await card.getByRole('spinbutton', { name: 'N (days)' }).fill('30');
    await card.getByRole('button', { name: 'Save retention' }).click();
    await waitForToast(page, 'Retention saved');
    expect((await apiGet<RetentionDto>(page, '/api/account/retention')).body).toEqual({
      audioDays: null,
      transcriptDays: 30,
      maxDays: null,
    });
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(`/transcription/${item.id}`);
    await waitUntilHydrated(page);
    await page
      .getByText('Your retention setting deletes this transcript on', { exact: false })
      .waitFor();
    await page.getByText('Deleted on', { exact: true }).waitFor();

    // Back to "Keep": the date goes.
    await page.goto('/account#retention');
    await waitUntilHydrated(page);
    await card.getByRole('radio', { name: 'Keep', exact: true }).check();
    await card.getByRole('button', { name: 'Save retention' }).click();
    await waitForToast(page, 'Retention saved');
    await page.goto(`/transcription/${item.id}`);
    await waitUntilHydrated(page);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByText('Deleted on', { exact: true }).count()).toBe(0);
    await context.close();
    expect(errors).toEqual([]);
  });
});
