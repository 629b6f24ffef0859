import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertOutboundUrl, guardedRequest } from './guarded-request.js';
import { OutboundError } from './outbound-error.js';

let server: Server;
let port: number;

beforeAll(async () => {
  server = createServer((request, response) => {
    const hops = /^\/hops\/(\d+)$/.exec(request.url ?? '');
    if (hops) {
      const left = Number(hops[1]);
      response.writeHead(302, { location: left > 0 ? `/hops/${left - 1}` : '/done' });
      response.end();
      return;
    }
    if (request.url?.startsWith('/to?')) {
      response.writeHead(302, {
        location: new URL(request.url, 'http://x').searchParams.get('url') ?? '/',
      });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('done');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const allowLoopbackAddress = { allowHosts: ['127.0.0.1'] };
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      expect(error).toBeInstanceOf(OutboundError);
      return error as OutboundError;
    },
  );
const get = (url: string, maxRedirects = 5) =>
  guardedRequest(allowLoopbackAddress, {
    url,
    maxRedirects,
    signal: AbortSignal.timeout(10_000),
  });

describe('guardedRequest', () => {
  it('reaches an allowed host, following up to the allowed number of redirects', async () => {
    const { response, url } = await get(`http://127.0.0.1:${port}/hops/4`);
    response.resume();
    expect(response.statusCode).toBe(200);
    expect(url.pathname).toBe('/done');
  });

  it('refuses a sixth redirect', async () => {
    const error = await refusal(get(`http://127.0.0.1:${port}/hops/5`));
    expect(error.message).toBe('The link redirects more than 5 times.');
  });

  it('refuses a name that resolves to a loopback address, after resolving it', async () => {
    const error = await refusal(get(`http://localhost:${port}/`));
    expect(error.kind).toBe('refused');
    expect(error.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });

  it('refuses a redirect from an allowed host to a private one, name or address', async () => {
    for (const target of [
      `http://localhost:${port}/`,
      'http://10.0.0.7/',
      'http://[::ffff:169.254.169.254]/latest/meta-data',
    ]) {
      const error = await refusal(
        get(`http://127.0.0.1:${port}/to?url=${encodeURIComponent(target)}`),
      );
      expect(error.kind).toBe('refused');
    }
  });

  it('refuses other schemes and literal private addresses before connecting', () => {
    expect(() => assertOutboundUrl({ allowHosts: [] }, new URL('file:///etc/passwd'))).toThrow(
      'Only http and https links can be fetched, not file:',
    );
    // The URL parser writes decimal, hex and short forms out as the dotted address.
    for (const sneaky of ['http://2130706433/', 'http://0x7f.1/', 'http://127.1/'])
      expect(() => assertOutboundUrl({ allowHosts: [] }, new URL(sneaky))).toThrow(
        '127.0.0.1 is a loopback address (this server itself): refused.',
      );
    expect(() => assertOutboundUrl({ allowHosts: [] }, new URL('http://[fd00:ec2::254]/'))).toThrow(
      /fd00:ec2::254 is a unique-local/,
    );
  });

  it('says a host that does not exist was not found', async () => {
    const error = await refusal(get('http://no-such-host.invalid/'));
    expect(error).toMatchObject({
      kind: 'failed',
      message: 'The host no-such-host.invalid could not be found.',
    });
  });
});
