import type { Role } from './role';

/**
 * Every page of the web app: its path, the shell around it, its module under
 * `web/src/app/routes/` and what it asks the server for as it opens. The browser router is
 * built from this table and the server reads it to preload a page's JavaScript and data with
 * the page, so the two cannot disagree.
 * Order matters: the first matching path wins, as in the router's `<Switch>`.
 */
export const pages = [
  { path: '/login', shell: 'public', module: 'login' },
  { path: '/signup', shell: 'public', module: 'signup' },
  { path: '/forgot', shell: 'public', module: 'forgot' },
  { path: '/reset-password', shell: 'public', module: 'reset-password' },
  { path: '/research', shell: 'public', module: 'research' },
  // An invitation's link: read signed in or out, so under the public shell.
  { path: '/care-invitation/:token', shell: 'public', module: 'care-invitation' },
  // A staff invitation's link: the invitee has no account yet.
  { path: '/staff-invitation/:token', shell: 'public', module: 'staff-invitation' },
  {
    path: '/',
    shell: 'protected',
    module: 'home',
    data: [
      { path: '/api/messaging/conversations', roles: ['patient'] },
      { path: '/api/patients/:me/vitals', roles: ['patient'] },
      { path: '/api/appointments/next', roles: ['patient'] },
      { path: '/api/figures/network', roles: ['superadmin'] },
    ],
  },
  {
    path: '/appointments/book',
    shell: 'protected',
    module: 'book-appointment',
    data: [{ path: '/api/appointments/availability', roles: ['patient'] }],
  },
  {
    path: '/health',
    shell: 'protected',
    module: 'health',
    data: [
      { path: '/api/patients/:me/vitals', roles: ['patient'] },
      { path: '/api/patients/:me/medications', roles: ['patient'] },
      { path: '/api/visits/history', roles: ['patient'] },
      { path: '/api/uploads', roles: ['patient'] },
    ],
  },
  { path: '/health/vitals/new', shell: 'protected', module: 'record-vitals' },
  { path: '/messages', shell: 'protected', module: 'messages' },
  {
    path: '/messages/:conversationId',
    shell: 'protected',
    module: 'conversation',
    data: [
      { path: '/api/messaging/conversations/:conversationId' },
      { path: '/api/messaging/conversations/:conversationId/messages' },
    ],
  },
  {
    path: '/profile',
    shell: 'protected',
    module: 'profile',
    data: [{ path: '/api/patients/:me/vitals', roles: ['patient'] }],
  },
  {
    path: '/queue',
    shell: 'protected',
    module: 'queue',
    data: [{ path: '/api/appointments/today', roles: ['doctor'] }],
  },
  { path: '/visit/:id', shell: 'protected', module: 'visit' },
  {
    path: '/chart/:patientId',
    shell: 'protected',
    module: 'chart',
    data: [{ path: '/api/patients/:patientId/chart', roles: ['doctor'] }],
  },
  { path: '/onboarding', shell: 'protected', module: 'onboarding' },
  { path: '/care-circle', shell: 'protected', module: 'care-circle' },
  {
    path: '/today',
    shell: 'protected',
    module: 'today',
    data: [{ path: '/api/figures/today', roles: ['manager'] }],
  },
  {
    path: '/hours/:doctorId',
    shell: 'protected',
    module: 'doctor-hours',
    data: [{ path: '/api/doctors/:doctorId/hours', roles: ['doctor', 'manager'] }],
  },
  {
    path: '/overview',
    shell: 'protected',
    module: 'overview',
    data: [{ path: '/api/figures/network', roles: ['admin', 'superadmin'] }],
  },
  // Staff pages few open: no preloads, which every first page would carry in this table.
  { path: '/hmis', shell: 'protected', module: 'hmis' },
  { path: '/clinics', shell: 'protected', module: 'clinics' },
  { path: '/patients', shell: 'protected', module: 'patients' },
  { path: '/account', shell: 'protected', module: 'account' },
  { path: '/compliance', shell: 'protected', module: 'compliance' },
  { path: '/settings', shell: 'protected', module: 'settings' },
  // A patient's page few open, as the staff pages above.
  { path: '/profile/record-reads', shell: 'protected', module: 'record-reads' },
  { path: '/people', shell: 'protected', module: 'people' },
] as const satisfies readonly PageEntry[];

export type Shell = 'public' | 'protected';

/**
 * A request a page makes as it opens: an API path, where `:name` is the page path's parameter
 * of that name and `:me` the reader's own id, and the roles whose screen makes it (every
 * role's when absent).
 */
export interface PageData {
  path: string;
  roles?: readonly Role[];
}

export interface PageEntry {
  path: string;
  shell: Shell;
  module: string;
  data?: readonly PageData[];
}

/** What a shell asks the server for on every page it draws, beyond who is signed in. */
export const shellData: Record<Shell, readonly PageData[]> = {
  public: [],
  // The patient's open visit, for the bar that says the doctor is waiting.
  protected: [{ path: '/api/visits/current', roles: ['patient'] }],
};

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

const patterns: { page: PageEntry; pattern: RegExp; names: string[] }[] = pages.map((page) => ({
  page,
  pattern: patternOf(page.path),
  // The parameters' names, in the order the pattern captures them.
  names: page.path
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => segment.slice(1)),
}));

/**
 * The page the router shows for a path (without query), with its parameters decoded, or
 * undefined for its not-found page. A parameter that does not decode is left as it is.
 */
export function matchPage(
  pathname: string,
): { page: PageEntry; params: Record<string, string> } | undefined {
  for (const { page, pattern, names } of patterns) {
    const match = pattern.exec(pathname);
    if (!match) continue;
    const params: Record<string, string> = {};
    names.forEach((name, index) => {
      const raw = match[index + 1] ?? '';
      let value = raw;
      try {
        value = decodeURIComponent(raw);
      } catch {
        // Left as it came: the page shows its own error for it.
      }
      params[name] = value;
    });
    return { page, params };
  }
  return undefined;
}

/** The doctor's chart of a patient: where "Patient chart" leads. */
export function chartPath(patientId: string): string {
  return `/chart/${encodeURIComponent(patientId)}`;
}
