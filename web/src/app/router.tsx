import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { pages } from '@shared/pages';
import { PageErrorBoundary } from '@/components/layout/page-error-boundary';
import { PageLoading } from '@/components/layout/page-loading';

const PublicShell = lazy(() => import('./layouts/public-shell'));
const ProtectedShell = lazy(() => import('./layouts/protected-shell'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

const shells = { public: PublicShell, protected: ProtectedShell };

/**
 * Each page and each shell is its own chunk, so a phone downloads only what the
 * screen it opens needs: /login never pays for the camera sheet or navigation.
 * The pages come from `@shared/pages`, which the server also reads to preload them.
 */
const pageModules = import.meta.glob<{ default: ComponentType }>([
  './routes/*.tsx',
  '!./routes/*.test.tsx',
]);

const routes = pages.map((page) => {
  const load = pageModules[`./routes/${page.module}.tsx`];
  if (!load) throw new Error(`No page module ${page.module} for ${page.path}`);
  return { ...page, Shell: shells[page.shell], Page: lazy(load) };
});

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {routes.map(({ path, Shell, Page }) => (
          <Route key={path} path={path}>
            <Shell>
              <PageErrorBoundary>
                <Page />
              </PageErrorBoundary>
            </Shell>
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
