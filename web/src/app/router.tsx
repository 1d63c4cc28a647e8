import type { QueryClient } from '@tanstack/react-query';
import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { Route, Switch } from 'wouter';
import { matchPage, pages } from '@shared/pages';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { PageErrorBoundary, ScreenFailed } from '@/components/layout/page-error-boundary';
import { PageLoading } from '@/components/layout/page-loading';
import { preloadable } from '@/lib/preloadable';
import { sessionQueryOptions } from '@/lib/session';
import { queryClient } from './provider';

const shells = {
  public: preloadable(() => import('./layouts/public-shell')),
  protected: preloadable(() => import('./layouts/protected-shell')),
};
const notFound = preloadable(() => import('./routes/not-found'));

/**
 * A page: its screen, and what it asks the server for, asked for as soon as its code is in
 * rather than once it has rendered.
 */
interface PageModule {
  default: ComponentType;
  /** `params`: the page path's parameters, decoded (`matchPage`). */
  prefetch?: (queryClient: QueryClient, params: Record<string, string>) => void;
}

/**
 * Each page and each shell is its own chunk, so a phone downloads only what the
 * screen it opens needs: /login never pays for the camera sheet or navigation.
 * The pages come from `@shared/pages`, which the server also reads to preload them.
 */
const pageModules = import.meta.glob<PageModule>(['./routes/*.tsx', '!./routes/*.test.tsx']);

const routes = pages.map((page) => {
  const load = pageModules[`./routes/${page.module}.tsx`];
  if (!load) throw new Error(`No page module ${page.module} for ${page.path}`);
  let prefetch: PageModule['prefetch'];
  const loadAndNote = () =>
    load().then((module) => {
      prefetch = module.prefetch;
      return module;
    });
  return {
    path: page.path,
    shell: shells[page.shell],
    page: preloadable(loadAndNote),
    prefetch: (params: Record<string, string>) => prefetch?.(queryClient, params),
  };
});

/**
 * Fetches the code of the screen at `pathname` (its shell and page, which the server already
 * preloads with the page), so the first render draws it at once, and asks for the page's data
 * once its code is in. A failure is left to the render, whose error screens say what to do.
 * Behind a session, who is signed in is asked at the same time as the code rather than once
 * the shell has rendered: a page the service worker serves has no preload of it.
 */
export async function preloadScreen(pathname: string): Promise<void> {
  const match = matchPage(pathname);
  const route = routes.find((each) => each.path === match?.page.path);
  if (!match || !route) {
    await notFound.preload().catch(() => undefined);
    return;
  }
  if (route.shell === shells.protected) {
    void queryClient.query(sessionQueryOptions).catch(() => undefined);
  }
  await Promise.all([route.shell.preload(), route.page.preload()]).catch(() => undefined);
  route.prefetch(match.params);
}

/** While a shell's code is on its way, a lost connection says so as it would inside the shell. */
function ShellLoading() {
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner />
      <PageLoading />
    </div>
  );
}

/** A shell whose code could not be fetched (the connection went mid-load), under the banner. */
function ShellFailed() {
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner />
      <ScreenFailed recoverWhenOnline />
    </div>
  );
}

function ShellBoundary({ children }: { children: ReactNode }) {
  return <ErrorBoundary FallbackComponent={ShellFailed}>{children}</ErrorBoundary>;
}

export function AppRoutes() {
  return (
    <ShellBoundary>
      <Suspense fallback={<ShellLoading />}>
        <Switch>
          {routes.map(({ path, shell: { Component: Shell }, page: { Component: Page } }) => (
            <Route key={path} path={path}>
              <Shell>
                <PageErrorBoundary>
                  <Page />
                </PageErrorBoundary>
              </Shell>
            </Route>
          ))}
          <Route>
            <notFound.Component />
          </Route>
        </Switch>
      </Suspense>
    </ShellBoundary>
  );
}
