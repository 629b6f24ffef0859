import { useEffect } from 'react';
import { PRODUCT_NAME } from '../../core/product';

/** "Dashboard - Sonoscript": each app page names itself in the tab, the history and bookmarks. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} - ${PRODUCT_NAME}`;
  }, [page]);
}
