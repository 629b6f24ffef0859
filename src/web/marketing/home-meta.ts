import { PRODUCT_NAME } from '../../core/product';
import { FREE_SECONDS_ADJECTIVE } from './plan-facts';
import type { PageMeta } from './use-page-meta';

/** The landing page at `/` for signed-out visitors (routed by the app, not a public route). */
export const HOME_META: PageMeta = {
  title: `${PRODUCT_NAME} - Transform your audio into text in seconds`,
  description: `${PRODUCT_NAME} turns recordings into text you can read, search and download. Try a free ${FREE_SECONDS_ADJECTIVE} transcript, no login required.`,
};
