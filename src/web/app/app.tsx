import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Router } from 'wouter';
import { ToastArea } from '../features/toasts/toast-area';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { MAIN_CONTENT_ID, SkipLink } from './layout/skip-link';
import { PrerenderedLandingContext } from './prerendered-landing';
import { AppRoutes } from './routes';

interface AppProps {
  queryClient: QueryClient;
  /** The path being prerendered at build time; the browser's location otherwise. */
  ssrPath?: string;
  hydratingLanding?: boolean;
}

export function App({ queryClient, ssrPath, hydratingLanding = false }: AppProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <PrerenderedLandingContext.Provider value={hydratingLanding}>
        <Router ssrPath={ssrPath}>
          <div className="flex min-h-screen flex-col bg-slate-50/40 text-slate-900">
            <SkipLink />
            <Header />
            <div id={MAIN_CONTENT_ID} tabIndex={-1} className="flex-1">
              <AppRoutes />
            </div>
            <Footer />
          </div>
          <ToastArea />
        </Router>
      </PrerenderedLandingContext.Provider>
    </QueryClientProvider>
  );
}
