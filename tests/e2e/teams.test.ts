import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet, PASSWORD, signUp, waitForToast } from './support/app.js';
import { seriousAxeViolations } from './support/accessibility.js';
import { launchBrowser, openPage } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const PHONE = { width: 390, height: 844 };

describe('a team: create, invite by a copied link, join in another browser, change the role', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('the owner invites without SMTP, the invitee signs up from the link and joins, the owner makes them a viewer', async () => {
    const owner = await openPage(browser, server.baseUrl, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    await signUp(owner.page, 'Olivia Owner');
    await owner.page.getByRole('link', { name: 'Teams' }).first().click();
    await owner.page.getByRole('heading', { level: 1, name: 'Teams' }).waitFor();
    await owner.page.getByText('You are not in a team yet.', { exact: false }).waitFor();
    await owner.page.getByLabel('Team name').fill('Metro desk');
    await owner.page.getByRole('button', { name: 'Create team' }).click();
    await owner.page.getByRole('heading', { level: 1, name: 'Metro desk' }).waitFor();
    const teamId = new URL(owner.page.url()).pathname.split('/').pop() ?? '';

    const inviteeEmail = `ingrid-${randomUUID()}@example.com`;
    const invite = owner.page.getByRole('region', { name: 'Invite people' });
    await invite.getByLabel('Email address').fill(inviteeEmail);
    await invite.getByLabel('Role').selectOption('editor');
    await invite.getByRole('button', { name: 'Invite' }).click();
    await invite.getByText('This server does not send email.', { exact: false }).waitFor();
    await invite.getByRole('button', { name: 'Copy link' }).click();
    await invite.getByRole('button', { name: 'Copied' }).waitFor();
    const link = await owner.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${server.baseUrl}/invitations/[A-Za-z0-9_-]{43}$`));
    await invite
      .getByRole('list', { name: 'Pending invitations' })
      .getByText(inviteeEmail)
      .waitFor();

    // The team's own webhook endpoint, added on the team page: its secret is shown this once.
    const hooks = owner.page.getByRole('region', { name: 'Webhooks' });
    await hooks.getByText('No endpoints yet.').waitFor();
    await hooks.getByLabel('Endpoint URL').fill('https://hooks.example.com/metro-desk');
    await hooks.getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await hooks.getByTestId('new-webhook-secret').textContent();
    expect(secret).toMatch(/^whsec_/);
    await hooks.getByText('https://hooks.example.com/metro-desk').waitFor();
    const teamHooks = await apiGet<Array<{ url: string; teamId: string }>>(
      owner.page,
      `/api/webhooks?team=${teamId}`,
    );
    expect(teamHooks.body).toMatchObject([{ url: 'https://hooks.example.com/metro-desk', teamId }]);
    expect((await apiGet<unknown[]>(owner.page, '/api/webhooks')).body).toEqual([]);
    expect(await seriousAxeViolations(owner.page)).toEqual([]);

    // Signed in as someone else, the link says whose it is.
    await owner.page.goto(link);
    await owner.page
      .getByRole('alert')
      .getByText(`Sign in as ${inviteeEmail} to accept it.`, { exact: false })
      .waitFor();
    expect(await owner.page.getByRole('button', { name: 'Join Metro desk' }).count()).toBe(0);
    await owner.page.goBack();
    await owner.page.getByRole('heading', { level: 1, name: 'Metro desk' }).waitFor();

    // The invitee, on a phone, in a browser of their own.
    const invitee = await openPage(browser, server.baseUrl, { viewport: PHONE });
    await invitee.page.goto(link);
    await invitee.page.getByRole('heading', { level: 1, name: 'Join Metro desk' }).waitFor();
    await invitee.page
      .getByText(`Olivia Owner invited ${inviteeEmail} to join as an editor.`, { exact: false })
      .waitFor();
    expect(await seriousAxeViolations(invitee.page)).toEqual([]);
    await invitee.page.getByRole('link', { name: 'Create an account' }).click();
    await invitee.page.getByLabel('Name').fill('Ingrid Invitee');
    await invitee.page.getByLabel('Email').fill(inviteeEmail);
    await invitee.page.getByLabel('Password').fill(PASSWORD);
    await invitee.page.getByRole('button', { name: 'Create account' }).click();
    await invitee.page.getByRole('heading', { level: 1, name: 'Join Metro desk' }).waitFor();
    await invitee.page.getByRole('button', { name: 'Join Metro desk' }).click();
    await invitee.page.getByRole('heading', { level: 1, name: 'Metro desk' }).waitFor();
    const members = invitee.page.getByRole('list', { name: 'Members' });
    await members.getByText('Ingrid Invitee').waitFor();
    await invitee.page.getByText('You: Editor').waitFor();
    expect(
      await invitee.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(PHONE.width);
    // A used link says so.
    await invitee.page.goto(link);
    await invitee.page
      .getByRole('heading', { level: 1, name: 'This invitation can no longer be used' })
      .waitFor();

    await owner.page.reload();
    // After a reload the endpoint is listed, its secret no longer shown.
    await owner.page
      .getByRole('region', { name: 'Webhooks' })
      .getByText('https://hooks.example.com/metro-desk')
      .waitFor();
    expect(await owner.page.getByText(secret ?? '').count()).toBe(0);
    const ownerMembers = owner.page.getByRole('list', { name: 'Members' });
    await ownerMembers.getByText('Ingrid Invitee').waitFor();
    await owner.page.getByLabel('Role of Ingrid Invitee').selectOption('viewer');
    await waitForToast(owner.page, 'Ingrid Invitee is now a viewer');
    const listed = await apiGet<Array<{ name: string; role: string }>>(
      owner.page,
      `/api/teams/${teamId}/members`,
    );
    expect(listed.body.map(({ name, role }) => [name, role])).toEqual([
      ['Olivia Owner', 'owner'],
      ['Ingrid Invitee', 'viewer'],
    ]);
    await owner.page.setViewportSize(PHONE);
    expect(
      await owner.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(PHONE.width);
    await invitee.page.goto(`/teams/${teamId}`);
    await invitee.page.getByText('You: Viewer').waitFor();
    // A viewer sees no invitations or settings.
    await invitee.page.getByRole('region', { name: 'Members' }).waitFor();
    expect(await invitee.page.getByRole('region', { name: 'Invite people' }).count()).toBe(0);
    expect(await invitee.page.getByRole('region', { name: 'Webhooks' }).count()).toBe(0);

    // The owner sets when the team's transcripts are deleted; the viewer reads it, unchangeable.
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    const ownerRetention = owner.page.getByRole('region', { name: 'Retention' });
    await ownerRetention.getByLabel('Delete transcripts after N days').check();
    await ownerRetention.getByLabel('N (days)').fill('45');
    await ownerRetention.getByRole('button', { name: 'Save retention' }).click();
    await waitForToast(owner.page, 'Retention saved');
    await invitee.page.reload();
    const viewerRetention = invitee.page.getByRole('region', { name: 'Retention' });
    await viewerRetention.getByText('Only the team’s owner and admins can change it.').waitFor();
    expect(await viewerRetention.getByLabel('N (days)').inputValue()).toBe('45');
    expect(await viewerRetention.getByLabel('Delete transcripts after N days').isChecked()).toBe(
      true,
    );
    expect(await viewerRetention.getByRole('button', { name: 'Save retention' }).count()).toBe(0);

    expect(owner.errors).toEqual([]);
    // The used link's preview answered 410, as it should; nothing else went wrong.
    expect(invitee.errors).toEqual([
      'Failed to load resource: the server responded with a status of 410 (Gone)',
    ]);
    await owner.context.close();
    await invitee.context.close();
  });
});
