import type { Page } from 'playwright-core';
import { waitForToast } from './app.js';

/** Pays for Pro on the upgrade page with the test-mode card 4242 4242 4242 4242, as a person does. */
export async function upgradeWithTestCard(page: Page, baseUrl: string): Promise<void> {
  await page.goto('/upgrade');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration date').fill('12 / 34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: 'Subscribe for $9.99/month' }).click();
  await waitForToast(page, 'Payment Successful');
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole('heading', { name: "You're on the Pro Plan" }).waitFor();
}
