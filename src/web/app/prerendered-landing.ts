import { createContext } from 'react';

/**
 * True while hydrating the prerendered landing page: the page is already on screen, so the
 * auth check runs behind it instead of replacing it with a spinner.
 */
export const PrerenderedLandingContext = createContext(false);
