import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import LandingPage from './landing-page';
import { HOME_META, PUBLIC_PAGES } from './public-pages';

/** Renders a page the way a prerenderer would: no browser, the path given to the router. */
function renderPage(path: string, Page: ComponentType) {
  return renderToString(
    <Router ssrPath={path}>
      <Page />
    </Router>,
  );
}

function count(html: string, pattern: RegExp) {
  return html.match(pattern)?.length ?? 0;
}

describe('public page registry', () => {
  it('lists every public route once, with a specific title and description', () => {
    const paths = PUBLIC_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/about',
        '/privacy',
        '/terms',
        '/contact',
        '/sitemap',
        '/features',
        '/pricing',
        '/audio-to-text',
        '/transcription-software',
        '/voice-to-text',
        '/automatic-transcription',
        '/free-transcription',
        '/secure-transcription',
        '/use-cases/journalists',
        '/use-cases/podcasters',
        '/formats/mp3-to-text',
        '/compare/otter-vs-rev-vs-descript',
        '/compare/ai-vs-human-transcription',
        '/compare/free-vs-paid-tools',
      ]),
    );
    const titles = [HOME_META.title, ...PUBLIC_PAGES.map((page) => page.title)];
    const descriptions = [HOME_META.description, ...PUBLIC_PAGES.map((page) => page.description)];
    expect(new Set(titles).size).toBe(titles.length);
    expect(new Set(descriptions).size).toBe(descriptions.length);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThan(70);
      expect(description.length).toBeLessThanOrEqual(200);
    }
  });

  it('keeps only the sitemap page out of search engines', () => {
    expect(PUBLIC_PAGES.filter((page) => page.noindex).map((page) => page.path)).toEqual([
      '/sitemap',
    ]);
  });

  it.each(PUBLIC_PAGES.map((page) => [page.path, page] as const))(
    '%s prerenders one main with exactly one h1',
    async (path, page) => {
      const { default: Page } = await page.load();
      const html = renderPage(path, Page);
      expect(count(html, /<main[\s>]/g)).toBe(1);
      expect(count(html, /<h1[\s>]/g)).toBe(1);
      expect(html).not.toMatch(/99%|5 transcriptions|7-day/);
    },
  );

  it('prerenders the landing page with the quoted texts', () => {
    const html = renderPage('/', LandingPage);
    expect(count(html, /<h1[\s>]/g)).toBe(1);
    for (const text of [
      'Transform your audio into text in seconds',
      'Try It Free',
      'Learn more',
      'Upload any audio file and get the first 30 seconds transcribed instantly. No login required!',
      'Accurate Transcriptions',
      'Fast Processing',
      'Easy Download',
      'Affordable Plans',
      'Ready for full access? Sign up for an account today.',
      'Sign up for free',
      'Sign up to upgrade',
      'Try Without Account',
      'No credit card required',
    ]) {
      expect(html).toContain(text.replaceAll("'", '&#x27;'));
    }
    expect(html).toContain('id="free-trial"');
    expect(html).toContain('id="features"');
    expect(html).toContain('href="/api/login?mode=sign-up"');
  });
});
