import type { ComponentType } from 'react';
import { PAGE_META, type PublicPageMeta } from './page-meta';
import { PUBLIC_ROUTES } from './public-routes';

export { HOME_META } from './home-meta';
export type { SitemapGroup } from './page-meta';

/**
 * Every public page: the prerenderer, /sitemap.xml, the sitemap page and "keep reading" links
 * read this list. The router reads only PUBLIC_ROUTES (public-routes.ts), so the first chunk
 * carries no page's title or description.
 */
export interface PublicPage extends PublicPageMeta {
  path: string;
  load: () => Promise<{ default: ComponentType }>;
}

export const PUBLIC_PAGES: PublicPage[] = PUBLIC_ROUTES.map((route) => ({
  ...PAGE_META[route.path],
  path: route.path,
  load: route.load,
}));
