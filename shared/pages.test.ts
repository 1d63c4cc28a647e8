import { describe, expect, it } from 'vitest';
import { chartPath, matchPage, pages, pageSource, shellSource } from './pages';

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
    ['/chart/abc-123', 'chart', 'protected'],
  ])('shows %s as the %s page in the %s shell', (path, module, shell) => {
    expect(matchPage(path)?.page).toMatchObject({ module, shell });
  });

  it.each(['/nowhere', '/messages/a/b', '/login/extra', '//', '/messages//', '/profile.json'])(
    'has no page for %s',
    (path) => {
      expect(matchPage(path)).toBeUndefined();
    },
  );

  it('names each page once, by path and by module', () => {
    expect(new Set(pages.map((page) => page.path)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.module)).size).toBe(pages.length);
  });

  it("finds each page's own path", () => {
    for (const page of pages) {
      const path = page.path.replace(/:[^/]+/g, 'some-id');
      expect(matchPage(path)?.page, page.path).toBe(page);
    }
  });

  it("hands a page its path's parameters as the router does, decoded", () => {
    expect(matchPage('/messages/abc-123')?.params).toEqual({ conversationId: 'abc-123' });
    expect(matchPage('/visit/a%20b/')?.params).toEqual({ id: 'a b' });
    // One that does not decode stays as it came; the page shows its own error for it.
    expect(matchPage('/messages/%E0%A4')?.params).toEqual({ conversationId: '%E0%A4' });
    expect(matchPage('/profile')?.params).toEqual({});
  });

  it('names the sources as Vite names them', () => {
    expect(pageSource({ path: '/today', shell: 'protected', module: 'today' })).toBe(
      'src/app/routes/today.tsx',
    );
    expect(shellSource('public')).toBe('src/app/layouts/public-shell.tsx');
  });

  it("leads to a patient's chart by their id, which the page reads back as it was", () => {
    expect(chartPath('abc-123')).toBe('/chart/abc-123');
    expect(matchPage(chartPath('a b/c'))?.params).toEqual({ patientId: 'a b/c' });
  });
});
