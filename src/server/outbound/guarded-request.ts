import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { OutboundError } from './outbound-error.js';
import { isAllowedHost, type OutboundPolicy } from './outbound-policy.js';
import { bareHostname, isAddressLiteral, refusedAddressReason } from './refused-address.js';

export interface GuardedRequestInput {
  url: string | URL;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** Sent with a POST; a POST never follows redirects. */
  body?: string;
  /** Redirects followed (each checked like the first address); more is a refusal. */
  maxRedirects: number;
  /** Ends the whole exchange, the answer's body included: the caller's deadline. */
  signal: AbortSignal;
}

export interface GuardedResponse {
  response: IncomingMessage;
  /** Where the answer came from, after redirects. */
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Refuses a URL before any connection: its scheme, or a refused address written out. */
export function assertOutboundUrl(policy: OutboundPolicy, url: URL): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError(
      'refused',
      `Only http and https links can be fetched, not ${url.protocol}`,
    );
  const host = bareHostname(url.hostname);
  if (isAllowedHost(policy, host) || !isAddressLiteral(host)) return;
  const reason = refusedAddressReason(host);
  if (reason) throw new OutboundError('refused', `${host} is ${reason}: refused.`);
}

/**
 * Resolves the name once, refuses it if any of its addresses is refused, and hands the socket
 * exactly the addresses it checked: the connection is pinned to them, so a second answer from
 * DNS (rebinding) never reaches it.
 */
function guardedLookup(policy: OutboundPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (error, found) => {
      if (error) {
        callback(new OutboundError('failed', `The host ${hostname} could not be found.`), []);
        return;
      }
      const addresses: LookupAddress[] = found;
      if (!isAllowedHost(policy, hostname)) {
        for (const { address } of addresses) {
          const reason = refusedAddressReason(address);
          if (reason) {
            callback(
              new OutboundError(
                'refused',
                `${hostname} resolves to ${address}, ${reason}: refused.`,
              ),
              [],
            );
            return;
          }
        }
      }
      const first = addresses[0];
      if (!first) callback(new OutboundError('failed', `The host ${hostname} has no address.`), []);
      else if (options.all) callback(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

function sendOnce(
  policy: OutboundPolicy,
  url: URL,
  input: GuardedRequestInput,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: input.method ?? 'GET',
      headers: input.headers,
      // A fresh connection every time: no pooled socket skips the check.
      agent: false,
      lookup: guardedLookup(policy),
      signal: input.signal,
    });
    request.once('response', resolve);
    request.once('error', (error) => reject(asOutboundError(error, input.signal, url)));
    request.end(input.body);
  });
}

function asOutboundError(error: unknown, signal: AbortSignal, url: URL): OutboundError {
  if (error instanceof OutboundError) return error;
  if (signal.aborted) return new OutboundError('failed', `${url.host} did not answer in time.`);
  const code = (error as { code?: unknown }).code;
  return new OutboundError(
    'failed',
    `Could not connect to ${url.host}${typeof code === 'string' ? ` (${code})` : ''}.`,
  );
}

/**
 * A request on a user's behalf (URL import, webhook delivery) that cannot reach this server's own
 * networks: every URL, the first and each redirect, is checked before a connection and after DNS
 * resolution. Hosts in the policy's allow list skip the address checks (their scheme is still
 * checked). The caller reads or drops the answer's body.
 */
export async function guardedRequest(
  policy: OutboundPolicy,
  input: GuardedRequestInput,
): Promise<GuardedResponse> {
  let url = new URL(input.url);
  for (let redirects = 0; ; redirects += 1) {
    assertOutboundUrl(policy, url);
    const response = await sendOnce(policy, url, input);
    const location = response.headers.location;
    const method = input.method ?? 'GET';
    if (!REDIRECTS.has(response.statusCode ?? 0) || !location || method !== 'GET')
      return { response, url };
    response.resume();
    if (redirects >= input.maxRedirects)
      throw new OutboundError(
        'refused',
        `The link redirects more than ${input.maxRedirects} times.`,
      );
    url = new URL(location, url);
  }
}
