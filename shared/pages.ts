/**
 * Every page of the web app: its path, the shell around it and its module under
 * `web/src/app/routes/`. The browser router is built from this table and the server
 * reads it to preload a page's JavaScript with the page, so the two cannot disagree.
 * Order matters: the first matching path wins, as in the router's `<Switch>`.
 */
export const pages = [
  { path: '/login', shell: 'public', module: 'login' },
  { path: '/signup', shell: 'public', module: 'signup' },
  { path: '/forgot', shell: 'public', module: 'forgot' },
  { path: '/reset-password', shell: 'public', module: 'reset-password' },
  { path: '/research', shell: 'public', module: 'research' },
  { path: '/', shell: 'protected', module: 'home' },
  { path: '/health', shell: 'protected', module: 'health' },
  { path: '/messages', shell: 'protected', module: 'messages' },
  { path: '/messages/:conversationId', shell: 'protected', module: 'conversation' },
  { path: '/profile', shell: 'protected', module: 'profile' },
  { path: '/queue', shell: 'protected', module: 'queue' },
  { path: '/visit/:id', shell: 'protected', module: 'visit' },
  { path: '/onboarding', shell: 'protected', module: 'onboarding' },
  { path: '/today', shell: 'protected', module: 'today' },
  { path: '/overview', shell: 'protected', module: 'overview' },
] as const satisfies readonly PageEntry[];

export type Shell = 'public' | 'protected';

export interface PageEntry {
  path: string;
  shell: Shell;
  module: string;
}

/** The source of a page module as Vite's manifest names it (relative to `web/`). */
export function pageSource(page: PageEntry): string {
  return `src/app/routes/${page.module}.tsx`;
}

/** The source of a shell module as Vite's manifest names it (relative to `web/`). */
export function shellSource(shell: Shell): string {
  return `src/app/layouts/${shell}-shell.tsx`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The router's reading of a path pattern (wouter's, through regexparam): `:name` is one
 * non-empty segment, a trailing slash is allowed and letter case is ignored.
 */
function patternOf(path: string): RegExp {
  const segments = path
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? '/([^/]+?)' : `/${escapeRegExp(segment)}`));
  return new RegExp(`^${segments.join('')}/?$`, 'i');
}

const patterns: { page: PageEntry; pattern: RegExp }[] = pages.map((page) => ({
  page,
  pattern: patternOf(page.path),
}));

/** The page the router shows for a path (without query), or undefined for its not-found page. */
export function pageFor(pathname: string): PageEntry | undefined {
  return patterns.find(({ pattern }) => pattern.test(pathname))?.page;
}
