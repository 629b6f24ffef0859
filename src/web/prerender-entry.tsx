// Built by Vite in SSR mode and run at build time by scripts/prerender.mjs: never shipped to browsers.
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { preloadAllLazyComponents } from './lib/lazy-with-preload';
import { HOME_META, PUBLIC_PAGES } from './marketing/public-pages';
import { structuredDataFor, type StructuredData } from './marketing/structured-data';

export interface PrerenderTarget {
  path: string;
  title: string;
  description: string;
  noindex: boolean;
  /** JSON-LD blocks written into the head (absolute URLs on %BASE_URL%). */
  structuredData: StructuredData[];
}

export const LANDING: PrerenderTarget = {
  path: '/',
  title: HOME_META.title,
  description: HOME_META.description,
  noindex: false,
  structuredData: structuredDataFor('/'),
};

export const PRERENDER_TARGETS: PrerenderTarget[] = [
  LANDING,
  ...PUBLIC_PAGES.map((page) => ({
    path: page.path,
    title: page.title,
    description: page.description,
    noindex: page.noindex === true,
    structuredData: structuredDataFor(page.path),
  })),
];

export async function renderPage(path: string): Promise<string> {
  await preloadAllLazyComponents();
  const { prelude } = await prerender(
    <StrictMode>
      <App queryClient={createQueryClient()} ssrPath={path} hydratingLanding={path === '/'} />
    </StrictMode>,
    {
      // Never split a page into out-of-order chunks: static HTML needs no reveal scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        // A page that cannot render at build time must fail the build, not ship half-rendered.
        throw error;
      },
    },
  );
  return new Response(prelude).text();
}
