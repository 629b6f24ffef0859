import type { FastifyRequest } from 'fastify';

function originOfUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Whether a GET that changes state (signing out) came from this site's own pages, or from the
 * person themselves (address bar, bookmark). Browsers say so in Sec-Fetch-Site; older ones are
 * judged by Origin or Referer. A request with none of these is refused: a cross-site page could
 * otherwise hide its link behind `Referrer-Policy: no-referrer` in an old browser.
 */
export function isSameOriginNavigation(request: FastifyRequest, expectedOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = request.headers.origin ?? originOfUrl(request.headers.referer);
  return origin === expectedOrigin;
}
