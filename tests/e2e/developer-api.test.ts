import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, waitForToast } from './support/app.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

describe('Developer API in account settings', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('creates a key, copies it, uses it, and revokes it', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await signUp(page);
    await page.goto('/account');
    const section = page.getByRole('region', { name: 'Developer API' });
    await section.getByText('No API keys yet.').waitFor();
    // The examples name this server.
    await section.getByText(`curl ${server.baseUrl}/v1/audio/transcriptions`).waitFor();

    await section.getByLabel('Key name').fill('Laptop script');
    await section.getByRole('button', { name: 'Create key' }).click();
    await section.getByText('Copy it now: it is shown only this once.', { exact: false }).waitFor();
    const key = (await section.getByTestId('new-api-key').textContent()) ?? '';
    expect(key).toMatch(/^sk-sono-/);
    await section.getByRole('button', { name: 'Copy key' }).click();
    await section.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await section.getByText('Laptop script', { exact: true }).waitFor();
    await section.getByText(`${key.slice(0, 14)}…`, { exact: false }).waitFor();

    const models = await fetch(`${server.baseUrl}/v1/models`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(models.status).toBe(200);

    await section.getByRole('button', { name: 'Revoke Laptop script' }).click();
    await page.getByRole('button', { name: 'Revoke key' }).click();
    await waitForToast(page, 'API key revoked');
    await section.getByText('No API keys yet.').waitFor();
    const afterRevoke = await fetch(`${server.baseUrl}/v1/models`, {
      headers: { authorization: `Bearer ${key}` },
    });
    expect(afterRevoke.status).toBe(401);
    await context.close();
    expect(errors).toEqual([]);
  });

  it('the API reference at /docs/api is read from this server alone, without a third party’s extras', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    const elsewhere: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol.startsWith('http') && url.origin !== server.baseUrl)
        elsewhere.push(request.url());
    });
    await page.goto('/docs/api');
    await page.getByRole('heading', { name: 'Sonoscript API', level: 1 }).waitFor();
    await page.getByText('OpenAI-compatible', { exact: true }).first().waitFor();
    // Scalar's AI chat and MCP generation would send this server's API to its cloud.
    expect(await page.getByRole('button', { name: 'Ask AI' }).count()).toBe(0);
    expect(await page.getByText('Generate MCP').count()).toBe(0);
    expect(elsewhere).toEqual([]);
    await context.close();
    expect(errors).toEqual([]);
  });
});
