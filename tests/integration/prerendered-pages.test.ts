// The built public site as a search engine or a browser without JavaScript receives it: the
// prerendered HTML of every public page (head tags, h1, the spec's texts, JSON-LD), /sitemap.xml,
// /robots.txt and the 404 answer for unknown paths. Needs `npm run build` (npm test builds).
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../src/core/plans.js';
import { PRIVACY_POLICY_DATE, PRODUCT_NAME, SUPPORT_HOURS } from '../../src/core/product.js';
import { HOME_META, PUBLIC_PAGES } from '../../src/web/marketing/public-pages.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const BASE_URL = 'https://transcribe.example.org';
const MANIFEST = 'dist/web/prerendered/manifest.json';

/** Every prerendered page: `/` (the landing page for visitors) and the public route table. */
const PAGES = [
  { path: '/', title: HOME_META.title, description: HOME_META.description, noindex: false },
  ...PUBLIC_PAGES.map((page) => ({
    path: page.path,
    title: page.title,
    description: page.description,
    noindex: page.noindex === true,
  })),
];

/** The h1 of each page. */
const H1: Record<string, string> = {
  '/': 'Transform your audio into text in seconds',
  '/about': `About ${PRODUCT_NAME}`,
  '/features': 'Everything you need to turn recordings into text',
  '/pricing': 'Simple plans for every recording',
  '/contact': 'Contact Us',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/sitemap': 'Sitemap',
  '/audio-to-text': 'Convert audio to text online',
  '/voice-to-text': 'Voice to text: speak, and get it in writing',
  '/automatic-transcription': 'Automatic transcription: let software do the typing',
  '/free-transcription': 'Free transcription, honestly explained',
  '/secure-transcription': 'Secure transcription for sensitive recordings',
  '/use-cases/journalists': 'Interview transcription for journalists',
  '/use-cases/podcasters': 'Podcast transcription that works for your show',
  '/formats/mp3-to-text': 'Convert MP3 to text online',
  '/transcription-software': 'Choosing the best transcription software',
  '/compare/otter-vs-rev-vs-descript':
    'Otter vs Rev vs Descript: which transcription tool fits your work?',
  '/compare/ai-vs-human-transcription': 'AI vs human transcription: cost, speed and accuracy',
  '/compare/free-vs-paid-tools': 'Free vs paid transcription tools: what you really get',
};

/**
 * The texts the spec quotes (and the names it gives) for each public page, letter for letter.
 * Header and footer texts are checked on every page below.
 */
const SPEC_TEXTS: Record<string, string[]> = {
  '/': [
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
    '$9.99',
  ],
  '/contact': [
    'Contact Us',
    SUPPORT_HOURS,
    'Mon-Fri, 9am-5pm ET',
    'Live Chat',
    'Send a Message',
    'Name',
    'Email',
    'Subject',
    'Message',
    'Send Message',
  ],
  '/features': ['Start Transcribing', 'View Pricing', 'How it works', '$9.99'],
  '/use-cases/journalists': [
    'Start Transcribing Interviews',
    'Export Transcript',
    'Transcribed',
    'Field Interviews',
    'Press Conferences',
    'Investigative Journalism',
    'Multiple Audio Sources',
    'Speaker Identification',
    'Timestamp Markers',
    'Get Started Free',
  ],
  '/use-cases/podcasters': ['Try Podcast Transcription'],
  '/formats/mp3-to-text': ['Supports files up to 100MB (Premium)', '30 seconds for free'],
  '/transcription-software': ['Best Overall'],
  '/sitemap': [
    'Main Pages',
    'Guides',
    'Use Cases',
    'File Format Guides',
    'Comparisons',
    'Login Required',
  ],
  '/privacy': ['April 29, 2025', PRIVACY_POLICY_DATE],
  '/about': ['2024', 'Accuracy', 'Accessibility', 'Privacy', 'Innovation'],
  '/terms': ['24 hours', '30 days'],
};

/** Sign-up calls to action go to /api/login, opened on its sign-up form. */
const SIGN_UP = '/api/login?mode=sign-up';

/** Links the spec requires on a page: [href, text]. */
const SPEC_LINKS: Record<string, [string, string][]> = {
  '/': [[SIGN_UP, 'Sign up for free']],
  '/features': [
    [SIGN_UP, 'Start Transcribing'],
    ['#pricing', 'View Pricing'],
  ],
  '/use-cases/journalists': [
    [SIGN_UP, 'Start Transcribing Interviews'],
    ['#workflows', ''],
  ],
  '/transcription-software': [
    ['/compare/otter-vs-rev-vs-descript', ''],
    ['/compare/ai-vs-human-transcription', ''],
    ['/compare/free-vs-paid-tools', ''],
  ],
  '/audio-to-text': [
    [SIGN_UP, ''],
    ['/features', ''],
  ],
  '/sitemap': [
    ['/', 'Home'],
    ['/', 'Dashboard'],
    ['/upgrade', 'Upgrade'],
    ...PUBLIC_PAGES.filter((page) => page.path !== '/sitemap').map((page): [string, string] => [
      page.path,
      page.label,
    ]),
  ],
};

/** Anchors the spec names. */
const SPEC_ANCHORS: Record<string, string[]> = {
  '/': ['free-trial', 'features', 'pricing'],
  '/features': ['pricing'],
  '/free-transcription': ['comparison'],
  '/secure-transcription': ['security-features'],
  '/use-cases/journalists': ['workflows'],
};

const HEADER_LINKS: [string, string][] = [
  ['/features', 'Features'],
  ['/pricing', 'Pricing'],
  ['/about', 'About'],
  ['/api/login', 'Sign In'],
];
const FOOTER_LINKS: [string, string][] = [
  ['/about', 'About'],
  ['/privacy', 'Privacy'],
  ['/terms', 'Terms'],
  ['/contact', 'Contact'],
  ['/sitemap', 'Sitemap'],
];

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_match, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_match, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&amp;/g, '&');
}

/** The text a reader sees: tags and React's text separators out, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  return decodeEntities(
    html
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
      .replace(/<[^>]+>/g, ' '),
  )
    .replace(/\s+/g, ' ')
    .trim();
}

function allMatches(html: string, pattern: RegExp): RegExpExecArray[] {
  return [...html.matchAll(pattern)];
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value === undefined ? undefined : decodeEntities(value);
}

/** The content of the head's <meta> tags with this name (or property). */
function metaContents(head: string, key: 'name' | 'property', value: string): string[] {
  return allMatches(head, /<meta\s[^>]*>/g)
    .map((match) => match[0])
    .filter((tag) => attribute(tag, key) === value)
    .map((tag) => attribute(tag, 'content') ?? '');
}

function split(html: string) {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  const body = /<body>([\s\S]*)<\/body>/.exec(html)?.[1] ?? '';
  return { head, body };
}

function structuredData(head: string): Record<string, unknown>[] {
  return allMatches(head, /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g).map(
    (match) => JSON.parse(match[1] ?? '') as Record<string, unknown>,
  );
}

/** Questions of the page's FAQ list (native <details>, the question in the summary's h3). */
function faqQuestions(body: string): string[] {
  return allMatches(body, /<details[\s\S]*?<summary[^>]*>\s*<h3[^>]*>([\s\S]*?)<\/h3>/g).map(
    (match) => visibleText(match[1] ?? ''),
  );
}

function expectLink(body: string, href: string, text: string) {
  const links = allMatches(body, /<a\s[^>]*>([\s\S]*?)<\/a>/g).filter(
    (match) => attribute(match[0], 'href') === href,
  );
  expect(links.length, `a link to ${href}`).toBeGreaterThan(0);
  if (text) {
    expect(
      links.map((match) => visibleText(match[1] ?? '')),
      `the link to ${href}`,
    ).toContain(text);
  }
}

describe('the prerendered public site, as served without JavaScript', () => {
  let app: TestApp;
  const pages = new Map<string, string>();

  beforeAll(async () => {
    if (!existsSync(MANIFEST)) {
      throw new Error('The web app is not built: run `npm run build` (npm test does it for you).');
    }
    app = await createTestApp('pglite', { env: { BASE_URL, RUN_WORKERS: 'false' } });
    for (const page of PAGES) {
      const response = await app.server.inject({ method: 'GET', url: page.path });
      expect(response.statusCode, page.path).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      pages.set(page.path, response.body);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('prerenders exactly `/` and the route table', () => {
    const manifest = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { path: string }[];
    expect(manifest.map((entry) => entry.path).sort()).toEqual(
      PAGES.map((page) => page.path).sort(),
    );
    expect(Object.keys(H1).sort()).toEqual(PAGES.map((page) => page.path).sort());
  });

  describe.each(PAGES)('$path', (page) => {
    const html = () => pages.get(page.path) ?? '';

    it('has its title, description, canonical, Open Graph and Twitter tags on BASE_URL', () => {
      const { head } = split(html());
      const url = `${BASE_URL}${page.path}`;
      expect(
        allMatches(head, /<title>([\s\S]*?)<\/title>/g).map((m) => decodeEntities(m[1] ?? '')),
      ).toEqual([page.title]);
      expect(metaContents(head, 'name', 'description')).toEqual([page.description]);
      const canonicals = allMatches(head, /<link\s[^>]*rel="canonical"[^>]*>/g);
      expect(canonicals.map((match) => attribute(match[0], 'href'))).toEqual([url]);
      expect(metaContents(head, 'property', 'og:title')).toEqual([page.title]);
      expect(metaContents(head, 'property', 'og:description')).toEqual([page.description]);
      expect(metaContents(head, 'property', 'og:url')).toEqual([url]);
      expect(metaContents(head, 'property', 'og:type')).toEqual(['website']);
      expect(metaContents(head, 'property', 'og:site_name')).toEqual([PRODUCT_NAME]);
      expect(metaContents(head, 'name', 'twitter:card')).toEqual(['summary']);
      expect(metaContents(head, 'name', 'twitter:title')).toEqual([page.title]);
      expect(metaContents(head, 'name', 'twitter:description')).toEqual([page.description]);
      expect(metaContents(head, 'name', 'robots')).toEqual(page.noindex ? ['noindex'] : []);
      expect(html()).not.toContain('%BASE_URL%');
      expect(html()).toMatch(/^<!doctype html>\s*<html lang="en">/);
    });

    it('carries the rendered page: one main, its h1 and its copy', () => {
      const { body } = split(html());
      expect(body).toContain('<div id="root" data-prerendered="true">');
      expect(allMatches(body, /<main[\s>]/g)).toHaveLength(1);
      const h1s = allMatches(body, /<h1[^>]*>([\s\S]*?)<\/h1>/g).map((m) =>
        visibleText(m[1] ?? ''),
      );
      expect(h1s).toEqual([H1[page.path]]);
      const main = /<main[\s>][\s\S]*<\/main>/.exec(body)?.[0] ?? '';
      // Real copy, not a spinner: even the sitemap page's main runs to 80 words.
      expect(visibleText(main).split(' ').length).toBeGreaterThan(60);
      expect(body).not.toMatch(/Loading authentication state|role="status"/);
    });

    it("has the spec's texts letter for letter, and the header and footer", () => {
      const { body } = split(html());
      const text = visibleText(body);
      for (const quote of SPEC_TEXTS[page.path] ?? []) expect(text, page.path).toContain(quote);
      for (const [href, label] of SPEC_LINKS[page.path] ?? []) expectLink(body, href, label);
      for (const id of SPEC_ANCHORS[page.path] ?? []) expect(body).toContain(`id="${id}"`);
      const header = /<header[\s>][\s\S]*<\/header>/.exec(body)?.[0] ?? '';
      for (const [href, label] of HEADER_LINKS) expectLink(header, href, label);
      const footer = /<footer[\s>][\s\S]*<\/footer>/.exec(body)?.[0] ?? '';
      for (const [href, label] of FOOTER_LINKS) expectLink(footer, href, label);
      expect(visibleText(footer)).toContain(
        `© ${new Date().getFullYear()} ${PRODUCT_NAME}. All rights reserved.`,
      );
    });

    it('has JSON-LD: Organization on /, the Pro offer on / and /features, FAQPage with its FAQs', () => {
      const { head, body } = split(html());
      const data = structuredData(head);
      for (const block of data) expect(block['@context']).toBe('https://schema.org');
      const types = data.map((block) => block['@type']);
      const questions = faqQuestions(body);
      const expected = [
        ...(page.path === '/' ? ['Organization'] : []),
        ...(['/', '/features'].includes(page.path) ? ['Product'] : []),
        ...(questions.length > 0 ? ['FAQPage'] : []),
      ];
      expect(types).toEqual(expected);

      const organization = data.find((block) => block['@type'] === 'Organization');
      if (organization) {
        expect(organization).toMatchObject({
          name: PRODUCT_NAME,
          url: `${BASE_URL}/`,
          logo: `${BASE_URL}/favicon.svg`,
          foundingDate: '2024',
        });
      }
      const product = data.find((block) => block['@type'] === 'Product');
      if (product) {
        const price = (PLANS.pro.priceCents / 100).toFixed(2);
        expect(PLANS.pro.price).toBe(`$${price}`);
        expect(product).toMatchObject({
          name: `${PRODUCT_NAME} Pro`,
          offers: {
            '@type': 'Offer',
            price,
            priceCurrency: 'USD',
            url: `${BASE_URL}/#pricing`,
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price,
              priceCurrency: 'USD',
              referenceQuantity: { value: 1, unitCode: 'MON' },
            },
          },
        });
      }
      const faqPage = data.find((block) => block['@type'] === 'FAQPage');
      if (faqPage) {
        const entities = faqPage.mainEntity as {
          '@type': string;
          name: string;
          acceptedAnswer: { '@type': string; text: string };
        }[];
        expect(entities.map((entity) => entity.name)).toEqual(questions);
        const text = visibleText(body);
        for (const entity of entities) {
          expect(entity['@type']).toBe('Question');
          expect(entity.acceptedAnswer['@type']).toBe('Answer');
          expect(entity.acceptedAnswer.text.length).toBeGreaterThan(20);
          // The answer search engines get is the answer readers see.
          expect(text).toContain(entity.acceptedAnswer.text);
        }
      }
      // Every absolute URL in the JSON-LD is on the server's BASE_URL.
      for (const url of JSON.stringify(data).match(/https?:\/\/[^"#]+/g) ?? []) {
        if (!url.startsWith('https://schema.org')) expect(url.startsWith(BASE_URL)).toBe(true);
      }
    });
  });

  it('serves the scripts and stylesheet the pages reference', async () => {
    const { head } = split(pages.get('/') ?? '');
    const assets = allMatches(head, /(?:src|href)="(\/assets\/[^"]+)"/g).map((m) => m[1] ?? '');
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const response = await app.server.inject({ method: 'GET', url: asset });
      expect(response.statusCode, asset).toBe(200);
    }
  });
});

describe('sitemap.xml, robots.txt and unknown paths', () => {
  let app: TestApp;
  let shell: string;

  beforeAll(async () => {
    if (!existsSync(MANIFEST)) {
      throw new Error('The web app is not built: run `npm run build` (npm test does it for you).');
    }
    shell = readFileSync('dist/web/index.html', 'utf8');
    app = await createTestApp('pglite', { env: { BASE_URL, RUN_WORKERS: 'false' } });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('/sitemap.xml is a valid sitemap of exactly the indexable public pages on BASE_URL', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    // The whole document, against the sitemap grammar (one urlset of url/loc entries).
    expect(response.body).toMatch(
      /^<\?xml version="1\.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">\n(?: {2}<url><loc>[^<>&"']+<\/loc><\/url>\n)+<\/urlset>\n$/,
    );
    const locs = allMatches(response.body, /<loc>([^<]+)<\/loc>/g).map((m) => m[1] ?? '');
    const expected = PAGES.filter((page) => !page.noindex).map((page) =>
      page.path === '/' ? `${BASE_URL}/` : `${BASE_URL}${page.path}`,
    );
    expect(new Set(locs).size).toBe(locs.length);
    expect([...locs].sort()).toEqual([...expected].sort());
    expect(locs).toContain(`${BASE_URL}/`);
    expect(locs).not.toContain(`${BASE_URL}/sitemap`);
    expect(expected).toHaveLength(PUBLIC_PAGES.length); // all but /sitemap, plus /
    for (const loc of locs) expect(() => new URL(loc)).not.toThrow();
  });

  it('/robots.txt allows the site and points to the sitemap', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toMatch(/^User-agent: \*$/m);
    expect(response.body).toMatch(new RegExp(`^Sitemap: ${BASE_URL}/sitemap\\.xml$`, 'm'));
    expect(response.body).not.toMatch(/^Disallow: \/$/m);
  });

  it.each(['/no-such-page', '/compare/unknown', '/about/team', '/use-cases', '/features.html'])(
    '%s answers 404 with the app shell, which shows the 404 screen',
    async (url) => {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toBe(shell);
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.body).toMatch(
        /<script type="module" crossorigin src="\/assets\/index-[^"]+\.js">/,
      );
    },
  );

  it('answers the signed-in routes and the sign-in page with the app shell (200)', async () => {
    for (const url of [
      '/upgrade',
      '/transcription/abc',
      '/account',
      '/transcriptions',
      '/sign-in',
    ]) {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toBe(shell);
    }
  });

  it('serves a public page with a trailing slash as the page itself', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/features/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`<link rel="canonical" href="${BASE_URL}/features" />`);
  });
});
