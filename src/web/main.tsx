import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const queryClient = createQueryClient();

// Public pages arrive prerendered (real HTML for search engines and a fast first paint).
if (container.dataset.prerendered === 'true') {
  hydrateRoot(
    container,
    <StrictMode>
      <App queryClient={queryClient} hydratingLanding={window.location.pathname === '/'} />
    </StrictMode>,
  );
} else {
  createRoot(container).render(
    <StrictMode>
      <App queryClient={queryClient} />
    </StrictMode>,
  );
}
