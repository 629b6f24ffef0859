import type { ComponentType } from 'react';

/** Every public page: the router, the prerenderer and /sitemap.xml all read this list. */
export interface PublicPage {
  path: string;
  title: string;
  description: string;
  /** Kept out of search engines (the /sitemap page). */
  noindex?: boolean;
  load: () => Promise<{ default: ComponentType }>;
}

export const PUBLIC_PAGES: PublicPage[] = [
  {
    path: '/about',
    title: 'About Sonoscript',
    description: 'Who we are and what we value: accuracy, accessibility, privacy and innovation.',
    load: () => import('./pages/about-page'),
  },
];
