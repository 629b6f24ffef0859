import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const MISSING_BUILD =
  '<!doctype html><title>Sonoscript</title><p>The web app is not built: run npm run build.</p>';

/** Client routes the web app handles itself (signed-in pages and the sign-in page). */
const APP_ROUTES = [
  /^\/$/,
  /^\/transcription\/[^/]+$/,
  /^\/upgrade$/,
  /^\/account$/,
  /^\/sign-in$/,
  /^\/transcriptions$/,
  /^\/forgot-password$/,
  /^\/reset-password$/,
  /^\/teams$/,
  /^\/teams\/[^/]+$/,
];

/** Shared read-only transcripts and team invitations: reachable by anyone with the link, never indexed or cached. */
const SHARED_PAGE = /^\/(s|invitations)\/[A-Za-z0-9_-]{1,100}$/;

interface PrerenderedPage {
  path: string;
  noindex: boolean;
}

export interface WebApp {
  sendAppShell(reply: FastifyReply): Promise<void>;
  /** What an unknown path gets: the app's 404 screen, with status 404. */
  sendNotFoundPage(reply: FastifyReply): Promise<void>;
}

function hasSessionCookie(request: FastifyRequest): boolean {
  return /(^|;\s*)(__Secure-)?better-auth\.session_token=/.test(request.headers.cookie ?? '');
}

function normalisePath(urlPath: string): string {
  const trimmed = urlPath.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Serves the built web app: hashed assets cached for a year; prerendered public pages with the
 * server's own address filled in; the app shell for client routes; 404 (with the app's 404 screen)
 * for any other path; /sitemap.xml and /robots.txt from the list of public pages.
 */
export async function registerWebApp(
  app: FastifyInstance,
  options: { webRoot: string; baseUrl: string },
): Promise<WebApp> {
  const { webRoot, baseUrl } = options;
  const prerenderedRoot = path.join(webRoot, 'prerendered');
  const shell = existsSync(path.join(webRoot, 'index.html'))
    ? readFileSync(path.join(webRoot, 'index.html'), 'utf8')
    : MISSING_BUILD;
  const manifestFile = path.join(prerenderedRoot, 'manifest.json');
  const pages: PrerenderedPage[] = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderedPage[])
    : [];
  const prerendered = new Map<string, string>();
  for (const page of pages) {
    const html = readFileSync(path.join(prerenderedRoot, page.path, 'index.html'), 'utf8');
    prerendered.set(page.path, html.replaceAll('%BASE_URL%', baseUrl));
  }

  async function sendHtml(reply: FastifyReply, html: string, status = 200) {
    await reply
      .status(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);
  }

  await app.register(fastifyStatic, {
    root: webRoot,
    wildcard: false,
    index: false,
    serve: existsSync(webRoot),
    allowedPath: (pathName) => !pathName.startsWith('/prerendered/') && pathName !== '/index.html',
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
      );
    },
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    const urls = pages
      .filter((page) => !page.noindex)
      .map(
        (page) =>
          `  <url><loc>${escapeXml(`${baseUrl}${page.path === '/' ? '/' : page.path}`)}</loc></url>`,
      );
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
      );
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${baseUrl}/sitemap.xml\n`),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = normalisePath(request.url.split('?')[0] ?? '/');
    if ((request.method !== 'GET' && request.method !== 'HEAD') || urlPath.startsWith('/api/')) {
      return reply.status(404).send({ message: `Route ${request.method} ${urlPath} not found` });
    }
    const page = prerendered.get(urlPath);
    // A signed-in visitor at / gets the dashboard, so the landing page is not painted first.
    if (page && !(urlPath === '/' && hasSessionCookie(request))) return sendHtml(reply, page);
    if (SHARED_PAGE.test(urlPath)) {
      reply.header('x-robots-tag', 'noindex');
      return reply
        .status(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(shell);
    }
    if (page || APP_ROUTES.some((route) => route.test(urlPath))) return sendHtml(reply, shell);
    // Unknown paths: the app shows its 404 screen, and search engines get a real 404.
    return sendHtml(reply, shell, 404);
  });

  return {
    sendAppShell: (reply) => sendHtml(reply, shell),
    sendNotFoundPage: (reply) => sendHtml(reply, shell, 404),
  };
}
