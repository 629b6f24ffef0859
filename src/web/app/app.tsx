import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastArea } from '../features/toasts/toast-area';
import { Footer } from './layout/footer';
import { Header } from './layout/header';
import { AppRoutes } from './routes';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <div className="flex min-h-screen flex-col bg-slate-50/40 text-slate-900">
        <Header />
        <div className="flex-1">
          <AppRoutes />
        </div>
        <Footer />
      </div>
      <ToastArea />
    </QueryClientProvider>
  );
}
