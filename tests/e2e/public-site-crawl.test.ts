// The public site in headless Chromium against the built server, signed out: a crawl from `/`
// that follows every internal link, client-side navigation to every page, the header, footer and
// 404 screen, and the same pages with JavaScript disabled.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../src/core/messages.js';
import { PRODUCT_NAME } from '../../src/core/product.js';
import { HOME_META, PUBLIC_PAGES } from '../../src/web/marketing/public-pages.js';
import { launchBrowser, openPage, waitUntilHydrated } from './support/browser.js';
import { startServer, type RunningServer } from './support/server.js';

const NOT_FOUND_TITLE = '404 Page Not Found';
const NOT_FOUND_TEXT =
  'We could not find this page. The link may be mistyped, or the page may have moved.';

interface PageMeta {
  title: string;
  description: string;
}

/** The route table's public pages, with `/` (the landing page for visitors). */
const PUBLIC_META = new Map<string, PageMeta>([
  ['/', HOME_META],
  ...PUBLIC_PAGES.map((page): [string, PageMeta] => [page.path, page]),
]);
/** Signed-in routes: a visitor gets the landing page there (the spec's route table). */
const SIGNED_IN_ROUTE = /^\/(upgrade|account|transcription\/[^/]+)$/;

/** What a page shows once it has loaded and hydrated. */
interface Snapshot {
  title: string;
  description: string | null;
  canonical: string | null;
  h1s: string[];
  toastArea: boolean;
  ids: string[];
  links: string[];
  /** Headings, paragraphs and table cells of <main>, except operator contact details. */
  copy: string[];
}

async function snapshot(page: Page): Promise<Snapshot> {
  return page.evaluate(() => {
    const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    const main = document.querySelector('main');
    const blocks = main ? [...main.querySelectorAll('h1, h2, h3, h4, p, th, td')] : [];
    return {
      title: document.title,
      description:
        document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content ?? null,
      canonical: document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href ?? null,
      h1s: [...document.querySelectorAll('h1')].map((h1) => squash(h1.textContent)),
      toastArea: document.querySelector('[aria-live]') !== null,
      ids: [...document.querySelectorAll('[id]')].map((element) => element.id),
      links: [...document.querySelectorAll<HTMLAnchorElement>('a[href]')].map((a) => a.href),
      // The email, phone and office come from the server's configuration after the page loads.
      copy: blocks
        .filter((block) => !block.querySelector('a[href^="mailto:"], a[href^="tel:"]'))
        .map((block) => squash(block.textContent))
        .filter((text) => text !== ''),
    };
  });
}

describe('the public site, signed out, in a browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('a crawl from / follows every internal link: no 404, no console error, complete head tags', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    const noScript = await browser.newContext({
      baseURL: server.baseUrl,
      javaScriptEnabled: false,
    });
    const staticPage = await noScript.newPage();
    const origin = new URL(server.baseUrl).origin;

    const problems: string[] = [];
    const queue: string[] = ['/'];
    const linkedFrom = new Map<string, string>([['/', '(start)']]);
    const idsByPath = new Map<string, Set<string>>();
    const anchors: { path: string; id: string; from: string }[] = [];
    const signInLinks = new Map<string, string>();

    while (queue.length > 0) {
      const path = queue.shift() ?? '/';
      const from = linkedFrom.get(path) ?? '?';
      const errorsBefore = errors.length;
      const response = await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await waitUntilHydrated(page);
      const seen = await snapshot(page);
      idsByPath.set(path, new Set(seen.ids));

      if (seen.h1s.includes(NOT_FOUND_TITLE)) {
        problems.push(`${path} (linked from ${from}) shows the 404 screen`);
        continue;
      }
      if (response?.status() !== 200) problems.push(`${path} answered ${response?.status()}`);
      if (seen.h1s.length !== 1) problems.push(`${path} has ${seen.h1s.length} h1 elements`);
      if (!seen.toastArea) problems.push(`${path} has no toast area`);
      const meta = PUBLIC_META.get(path);
      if (meta) {
        if (seen.title !== meta.title) problems.push(`${path} title is "${seen.title}"`);
        if (seen.description !== meta.description) {
          problems.push(`${path} description is "${seen.description}"`);
        }
        if (seen.canonical !== `${server.baseUrl}${path}`) {
          problems.push(`${path} canonical is ${seen.canonical}`);
        }
      } else if (SIGNED_IN_ROUTE.test(path)) {
        // A visitor sees the landing page here, with its title and description.
        if (seen.title !== HOME_META.title) problems.push(`${path} title is "${seen.title}"`);
        if (seen.description !== HOME_META.description) {
          problems.push(`${path} description is "${seen.description}"`);
        }
      } else {
        problems.push(`${path} (linked from ${from}) is not in the route table`);
      }

      // The same page without JavaScript: its h1 and all its copy are in the built HTML.
      if (meta) {
        const staticResponse = await staticPage.goto(path);
        if (staticResponse?.status() !== 200) {
          problems.push(`${path} without JavaScript answered ${staticResponse?.status()}`);
        }
        const built = await snapshot(staticPage);
        if (built.h1s.join() !== seen.h1s.join()) {
          problems.push(`${path} without JavaScript has h1 ${JSON.stringify(built.h1s)}`);
        }
        const builtCopy = new Set(built.copy);
        const missing = seen.copy.filter((text) => !builtCopy.has(text));
        if (missing.length > 0) {
          problems.push(`${path} without JavaScript lacks: ${JSON.stringify(missing.slice(0, 3))}`);
        }
        if (built.title !== meta.title || built.canonical !== seen.canonical) {
          problems.push(`${path} without JavaScript has other head tags`);
        }
      }

      for (const href of seen.links) {
        const url = new URL(href);
        if (url.origin !== origin) continue; // mailto:, tel: and other sites
        if (url.pathname.startsWith('/api/')) {
          signInLinks.set(url.pathname + url.search, path);
          continue;
        }
        if (url.hash) anchors.push({ path: url.pathname, id: url.hash.slice(1), from: path });
        if (!linkedFrom.has(url.pathname)) {
          linkedFrom.set(url.pathname, path);
          queue.push(url.pathname);
        }
      }
      if (errors.length > errorsBefore) {
        problems.push(`${path} logged: ${errors.slice(errorsBefore).join(' | ')}`);
      }
    }

    for (const { path, id, from } of anchors) {
      if (!idsByPath.get(path)?.has(decodeURIComponent(id))) {
        problems.push(`${from} links to ${path}#${id}, which has no element with that id`);
      }
    }
    // Sign-in links are full-page navigations to the sign-in page: they answer, and stop here.
    expect(new Set([...signInLinks.keys()].map((link) => new URL(link, origin).pathname))).toEqual(
      new Set(['/api/login']),
    );
    // Sign-up calls to action open the sign-up form; "Sign up to upgrade" comes back to /upgrade.
    expect([...signInLinks.keys()]).toEqual(
      expect.arrayContaining([
        '/api/login',
        '/api/login?mode=sign-up',
        '/api/login?mode=sign-up&returnTo=%2Fupgrade',
      ]),
    );
    for (const [link, from] of signInLinks) {
      const response = await page.request.get(link);
      if (response.status() !== 200)
        problems.push(`${from}: ${link} answered ${response.status()}`);
    }

    expect(problems).toEqual([]);
    const reached = [...linkedFrom.keys()];
    expect(reached).toEqual(expect.arrayContaining([...PUBLIC_META.keys()]));
    expect(anchors.length).toBeGreaterThan(0);
    await noScript.close();
    await context.close();
    expect(errors).toEqual([]);
  });

  it('client-side navigation from the sitemap page reaches every page with its title', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await page.goto('/sitemap');
    await page.getByRole('heading', { level: 1, name: 'Sitemap' }).waitFor();
    await waitUntilHydrated(page);
    const main = page.getByRole('main');
    const links = await main.getByRole('link').evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        label: anchor.textContent ?? '',
        path: new URL((anchor as HTMLAnchorElement).href).pathname,
      })),
    );
    const publicPaths = PUBLIC_PAGES.map((entry) => entry.path).filter(
      (path) => path !== '/sitemap',
    );
    expect(links.map((link) => link.path)).toEqual(
      expect.arrayContaining(['/', '/upgrade', ...publicPaths]),
    );

    for (const [index, link] of links.entries()) {
      const expected = PUBLIC_META.get(link.path) ?? HOME_META;
      await main.getByRole('link').nth(index).click();
      // A page's code loads on the first visit to it: on a busy machine that takes a while.
      await expect
        .poll(() => page.title(), { message: link.path, timeout: 15_000 })
        .toBe(expected.title);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(page.url(), link.label).toBe(`${server.baseUrl}${link.path}`);
      expect(await page.getByRole('heading', { level: 1 }).count(), link.path).toBe(1);
      expect(await page.getByText(NOT_FOUND_TITLE).count(), link.path).toBe(0);
      expect(
        await page.locator('meta[name="description"]').getAttribute('content'),
        link.path,
      ).toBe(expected.description);
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Sitemap' }).waitFor();
    }
    await context.close();
    expect(errors).toEqual([]);
  });

  it('the header and footer for a visitor, on desktop and in the mobile menu', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    const linksOf = (name: string) =>
      page
        .getByRole('navigation', { name })
        .getByRole('link')
        .evaluateAll((anchors) =>
          anchors.map((anchor) => [anchor.textContent, anchor.getAttribute('href')]),
        );

    await page.goto('/about');
    await waitUntilHydrated(page);
    expect(await linksOf('Main')).toEqual([
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Sign In', '/api/login'],
    ]);
    expect(await linksOf('Footer')).toEqual([
      ['About', '/about'],
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Contact', '/contact'],
      ['Sitemap', '/sitemap'],
    ]);
    await page
      .getByText(`© ${new Date().getFullYear()} ${PRODUCT_NAME}. All rights reserved.`)
      .waitFor();

    await page.setViewportSize({ width: 375, height: 800 });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
    expect(await linksOf('Mobile')).toEqual([
      ['Features', '/features'],
      ['Pricing', '/pricing'],
      ['About', '/about'],
      ['Contact', '/contact'],
      ['Terms', '/terms'],
      ['Privacy', '/privacy'],
      ['Sign In', '/api/login'],
    ]);
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Terms' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'detached' });
    await context.close();
    expect(errors).toEqual([]);
  });

  it('an unknown path answers 404 and shows the 404 screen', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    // Chromium reports the document's own 404 status on the console; nothing else may appear.
    const documentStatus: string[] = [];
    page.on('console', (message) => {
      if (
        message.type() === 'error' &&
        message.location().url === `${server.baseUrl}/no-such-page`
      ) {
        documentStatus.push(message.text());
      }
    });
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: MESSAGES.notFoundTitle }).waitFor();
    expect(MESSAGES.notFoundTitle).toBe(NOT_FOUND_TITLE);
    expect(MESSAGES.notFoundText).toBe(NOT_FOUND_TEXT);
    await page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor();
    // The site around it still works: header, footer and the toast area.
    await page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Sitemap' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sitemap' }).waitFor();
    expect(await page.locator('[aria-live]').count()).toBe(1);
    await context.close();
    expect(documentStatus).toEqual([
      'Failed to load resource: the server responded with a status of 404 (Not Found)',
    ]);
    expect(errors).toEqual(documentStatus);
  });

  it('/sitemap.xml is well-formed XML for the browser, and robots.txt points to it', async () => {
    const { page, context, errors } = await openPage(browser, server.baseUrl);
    await page.goto('/');
    const parsed = await page.evaluate(async () => {
      const text = await (await fetch('/sitemap.xml')).text();
      const xml = new DOMParser().parseFromString(text, 'application/xml');
      return {
        error: xml.querySelector('parsererror')?.textContent ?? null,
        root: xml.documentElement.localName,
        namespace: xml.documentElement.namespaceURI,
        locs: [...xml.getElementsByTagName('loc')].map((loc) => loc.textContent),
      };
    });
    expect(parsed.error).toBeNull();
    expect(parsed.root).toBe('urlset');
    expect(parsed.namespace).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const expected = [...PUBLIC_META.keys()]
      .filter((path) => !PUBLIC_PAGES.find((entry) => entry.path === path)?.noindex)
      .map((path) => `${server.baseUrl}${path}`);
    expect([...parsed.locs].sort()).toEqual(expected.sort());
    const robots = await page.request.get('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
    await context.close();
    expect(errors).toEqual([]);
  });
});
