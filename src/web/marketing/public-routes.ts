import { createElement, type ComponentType } from 'react';
import { usePageMeta } from './use-page-meta';
import { useScrollOnEnter } from './use-scroll-on-enter';

type PageModule = { default: ComponentType };

/**
 * The route table of the public pages: path and code only. The router reads this list, so it is
 * in the first chunk every page loads; the titles, descriptions and labels live in page-meta.ts,
 * which only the pages themselves (and the prerenderer) load.
 */
const LOADERS = {
  '/about': () => import('./pages/about-page'),
  '/features': () => import('./pages/features-page'),
  '/pricing': () => import('./pages/pricing-page'),
  '/contact': () => import('./pages/contact/contact-page'),
  '/privacy': () => import('./pages/privacy-page'),
  '/terms': () => import('./pages/terms-page'),
  '/sitemap': () => import('./pages/sitemap-page'),
  '/audio-to-text': () => import('./pages/guides/audio-to-text-page'),
  '/voice-to-text': () => import('./pages/guides/voice-to-text-page'),
  '/automatic-transcription': () => import('./pages/guides/automatic-transcription-page'),
  '/free-transcription': () => import('./pages/guides/free-transcription-page'),
  '/secure-transcription': () => import('./pages/guides/secure-transcription-page'),
  '/use-cases/journalists': () => import('./pages/use-cases/journalists-page'),
  '/use-cases/podcasters': () => import('./pages/use-cases/podcasters-page'),
  '/formats/mp3-to-text': () => import('./pages/formats/mp3-to-text-page'),
  '/transcription-software': () => import('./pages/guides/transcription-software-page'),
  '/compare/otter-vs-rev-vs-descript': () =>
    import('./pages/compare/otter-vs-rev-vs-descript-page'),
  '/compare/ai-vs-human-transcription': () =>
    import('./pages/compare/ai-vs-human-transcription-page'),
  '/compare/free-vs-paid-tools': () => import('./pages/compare/free-vs-paid-tools-page'),
} satisfies Record<string, () => Promise<PageModule>>;

export type PublicPath = keyof typeof LOADERS;

export interface PublicRoute {
  path: PublicPath;
  load: () => Promise<PageModule>;
}

/** Wraps a page so client-side navigation updates the head tags and starts at the top (or #hash). */
function withPageMeta(path: PublicPath, loader: () => Promise<PageModule>) {
  return async (): Promise<PageModule> => {
    const [{ default: Page }, { PAGE_META }] = await Promise.all([
      loader(),
      import('./page-meta-chunk'),
    ]);
    const meta = PAGE_META[path];
    function PageWithMeta() {
      usePageMeta(meta);
      useScrollOnEnter();
      return createElement(Page);
    }
    PageWithMeta.displayName = `WithMeta(${Page.displayName ?? Page.name})`;
    return { default: PageWithMeta };
  };
}

export const PUBLIC_ROUTES: PublicRoute[] = (
  Object.entries(LOADERS) as [PublicPath, () => Promise<PageModule>][]
).map(([path, loader]) => ({ path, load: withPageMeta(path, loader) }));
