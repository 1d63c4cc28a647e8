import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '@/app/provider';
import { AppRoutes, preloadScreen } from '@/app/router';
import { i18nReady } from '@/app/i18n';
import { registerServiceWorker } from '@/lib/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// Rendered once the reader's language is in, so a Nepali reader never sees English first, and
// once the screen's own code is, so it is drawn in one go.
// As a transition, React draws the first screen in slices of a few milliseconds rather than in
// one long task, so a slow phone still answers a tap meanwhile.
void Promise.allSettled([i18nReady, preloadScreen(window.location.pathname)]).finally(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppProvider>
          <AppRoutes />
        </AppProvider>
      </StrictMode>,
    );
  });
});

// Once the first screen is up: it keeps the app for starting offline next time.
registerServiceWorker();
