import { describe, expect, it } from 'vitest';
import { pageFor, pages, pageSource, shellSource } from './pages';

describe('the page table', () => {
  it.each([
    ['/login', 'login', 'public'],
    ['/LOGIN', 'login', 'public'],
    ['/signup/', 'signup', 'public'],
    ['/reset-password', 'reset-password', 'public'],
    ['/', 'home', 'protected'],
    ['/messages', 'messages', 'protected'],
    ['/messages/abc-123', 'conversation', 'protected'],
    ['/messages/abc-123/', 'conversation', 'protected'],
    ['/overview', 'overview', 'protected'],
  ])('shows %s as the %s page in the %s shell', (path, module, shell) => {
    expect(pageFor(path)).toMatchObject({ module, shell });
  });

  it.each(['/nowhere', '/messages/a/b', '/login/extra', '//', '/messages//', '/profile.json'])(
    'has no page for %s',
    (path) => {
      expect(pageFor(path)).toBeUndefined();
    },
  );

  it('names each page once, by path and by module', () => {
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.module)).size).toBe(pages.length);
  });

  it("finds each page's own path", () => {
    for (const page of pages) {
      const path = page.path.replace(/:[^/]+/g, 'some-id');
      expect(pageFor(path), page.path).toBe(page);
    }
  });

  it('names the sources as Vite names them', () => {
    expect(pageSource({ path: '/today', shell: 'protected', module: 'today' })).toBe(
      'src/app/routes/today.tsx',
    );
    expect(shellSource('public')).toBe('src/app/layouts/public-shell.tsx');
  });
});
