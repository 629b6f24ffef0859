// Imported only dynamically (by public-routes.ts), so the page titles and descriptions load with
// the pages rather than with the router; page-meta.ts itself is also imported statically.
export { PAGE_META } from './page-meta';
