import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Switch } from 'wouter';
import { PageLoading } from '@/components/layout/page-loading';

const PublicShell = lazy(() => import('@/components/layout/public-shell'));
const ProtectedShell = lazy(() => import('@/components/layout/protected-shell'));
const NotFoundPage = lazy(() => import('./routes/not-found'));

type Page = LazyExoticComponent<ComponentType>;

/**
 * Each page and each shell is its own chunk, so a phone downloads only what the
 * screen it opens needs: /login never pays for the camera sheet or navigation.
 */
const publicPages: [path: string, page: Page][] = [
  ['/login', lazy(() => import('./routes/login'))],
  ['/signup', lazy(() => import('./routes/signup'))],
  ['/forgot', lazy(() => import('./routes/forgot'))],
  ['/reset-password', lazy(() => import('./routes/reset-password'))],
  ['/research', lazy(() => import('./routes/research'))],
];

const protectedPages: [path: string, page: Page][] = [
  ['/', lazy(() => import('./routes/home'))],
  ['/health', lazy(() => import('./routes/health'))],
  ['/messages', lazy(() => import('./routes/messages'))],
  ['/messages/:conversationId', lazy(() => import('./routes/conversation'))],
  ['/profile', lazy(() => import('./routes/profile'))],
  ['/queue', lazy(() => import('./routes/queue'))],
  ['/onboarding', lazy(() => import('./routes/onboarding'))],
  ['/today', lazy(() => import('./routes/today'))],
  ['/overview', lazy(() => import('./routes/overview'))],
];

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        {publicPages.map(([path, Page]) => (
          <Route key={path} path={path}>
            <PublicShell>
              <Page />
            </PublicShell>
          </Route>
        ))}
        {protectedPages.map(([path, Page]) => (
          <Route key={path} path={path}>
            <ProtectedShell>
              <Page />
            </ProtectedShell>
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </Suspense>
  );
}
