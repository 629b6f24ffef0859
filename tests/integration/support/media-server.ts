import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { wavHeader } from '../../fixtures/speech/speech-fixtures.js';

/** A local web server that hosts files to import by link, and the ways links go wrong. */
export interface MediaServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  port: number;
  /** Bytes the server wrote for the endless and over-declared files, and whether the client left. */
  streamed: { bytes: number; closedByClient: boolean };
  close(): Promise<void>;
}

const CHUNK = Buffer.alloc(256 * 1024);

export async function startMediaServer(audioPath: string): Promise<MediaServer> {
  const audio = await readFile(audioPath);
  const streamed = { bytes: 0, closedByClient: false };
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://media');
    const stream = (headers: Record<string, string | number>) => {
      streamed.bytes = 0;
      streamed.closedByClient = false;
      response.writeHead(200, headers);
      response.write(wavHeader(1_000_000_000));
      const more = () => {
        while (!response.destroyed && response.write(CHUNK)) streamed.bytes += CHUNK.length;
        if (!response.destroyed) streamed.bytes += CHUNK.length;
      };
      response.on('drain', more);
      response.on('close', () => {
        streamed.closedByClient = true;
      });
      more();
    };
    switch (url.pathname) {
      case '/episode.wav':
        response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': audio.length });
        response.end(audio);
        return;
      case '/video':
        response.writeHead(200, {
          'content-type': 'video/mp4',
          'content-disposition': 'attachment; filename="Interview 12.wav"',
        });
        response.end(audio);
        return;
      case '/page':
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        response.end('<html><body>Not audio</body></html>');
        return;
      case '/missing':
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
        return;
      case '/to':
        response.writeHead(302, { location: url.searchParams.get('url') ?? '/' });
        response.end();
        return;
      case '/endless.wav':
        stream({ 'content-type': 'audio/wav' });
        return;
      case '/declared-huge.wav':
        stream({ 'content-type': 'audio/wav', 'content-length': 200 * 1024 * 1024 });
        return;
      default: {
        const hops = /^\/hops\/(\d+)$/.exec(url.pathname);
        if (hops) {
          const left = Number(hops[1]);
          response.writeHead(302, { location: left > 0 ? `/hops/${left - 1}` : '/episode.wav' });
          response.end();
          return;
        }
        response.writeHead(404);
        response.end();
      }
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    streamed,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `POST /api/transcriptions` with a link instead of a file, as the dashboard's field sends it. */
export function importLink(
  baseUrl: string,
  headers: Record<string, string>,
  link: string,
  fields: Record<string, string> = {},
): Promise<Response> {
  const form = new FormData();
  form.append('url', link);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return fetch(`${baseUrl}/api/transcriptions`, { method: 'POST', headers, body: form });
}
