import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Looks up a prerendered page for a path: dist/web/about/index.html for /about. */
function prerenderedFile(webRoot: string, urlPath: string): string | undefined {
  const clean = path.posix.normalize(decodeURIComponent(urlPath)).replace(/^\/+|\/+$/g, '');
  if (clean.includes('..')) return undefined;
  const candidate = path.join(webRoot, clean, 'index.html');
  return candidate.startsWith(webRoot) && existsSync(candidate) ? candidate : undefined;
}

export interface WebApp {
  sendAppShell(reply: FastifyReply): Promise<void>;
}

/** Serves the built web app: hashed assets cached for a year, HTML never cached. */
export async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<WebApp> {
  const shellPath = path.join(webRoot, 'index.html');
  let shell: string | undefined;
  async function readShell(): Promise<string> {
    shell ??= existsSync(shellPath)
      ? await readFile(shellPath, 'utf8')
      : '<!doctype html><title>Sonoscript</title><p>The web app is not built: run npm run build.</p>';
    return shell;
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
    setHeaders: (res, filePath) => {
      res.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? IMMUTABLE : 'public, max-age=3600',
      );
    },
  });

  app.setNotFoundHandler(async (request, reply) => {
    const urlPath = request.url.split('?')[0] ?? '/';
    if ((request.method !== 'GET' && request.method !== 'HEAD') || urlPath.startsWith('/api/')) {
      return reply.status(404).send({ message: `Route ${request.method} ${urlPath} not found` });
    }
    const prerendered = prerenderedFile(webRoot, urlPath);
    if (prerendered) return sendHtml(reply, await readFile(prerendered, 'utf8'));
    // Client routes (and unknown paths, which the client shows as its 404 screen).
    return sendHtml(reply, await readShell());
  });

  return { sendAppShell: async (reply) => sendHtml(reply, await readShell()) };
}
