import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { matchPage } from '@shared/pages';
import { roles, type Role } from '@shared/role';
import { BottomNav } from './bottom-nav';
import { navItemsByRole } from './nav-items';

function renderNav(role: Role) {
  const { hook } = memoryLocation({ path: '/' });
  const onOpenCamera = vi.fn();
  render(
    <Router hook={hook}>
      <BottomNav role={role} onOpenCamera={onOpenCamera} />
    </Router>,
  );
  return { onOpenCamera };
}

const expectedTabs: [Role, [name: string, href: string | null][]][] = [
  [
    'patient',
    [
      ['Home', '/'],
      ['Health', '/health'],
      ['Camera', null],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ],
  ],
  [
    'doctor',
    [
      ['Queue', '/queue'],
      ['Patients', '/patients'],
      ['Messages', '/messages'],
      ['Profile', '/profile'],
    ],
  ],
  [
    'manager',
    [
      ['Today', '/today'],
      ['Patients', '/patients'],
      ['Profile', '/profile'],
    ],
  ],
  [
    'admin',
    [
      ['Overview', '/overview'],
      ['People', '/people'],
      ['Settings', '/settings'],
      ['Profile', '/profile'],
    ],
  ],
  [
    'superadmin',
    [
      ['Network', '/'],
      ['Compliance', '/compliance'],
      ['Account', '/account'],
    ],
  ],
  [
    'researcher',
    [
      ['Home', '/'],
      ['Profile', '/profile'],
    ],
  ],
];

describe('BottomNav', () => {
  it.each(expectedTabs)('shows the %s tabs of the spec, in order', (role, tabs) => {
    renderNav(role);
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const controls = within(nav)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole(item.querySelector('a') ? 'link' : 'button'));
    expect(
      controls.map((control) => control.textContent || control.getAttribute('aria-label')),
    ).toEqual(tabs.map(([name]) => name));
    tabs.forEach(([, href], index) => {
      if (href) expect(controls[index]).toHaveAttribute('href', href);
    });
  });

  it('gives only patients the camera button, which opens the sheet', () => {
    const { onOpenCamera } = renderNav('patient');
    screen.getByRole('button', { name: 'Camera' }).click();
    expect(onOpenCamera).toHaveBeenCalledOnce();
  });

  it.each(['doctor', 'manager', 'admin', 'superadmin'] as const)('has no camera for %s', (role) => {
    renderNav(role);
    expect(screen.queryByRole('button', { name: 'Camera' })).toBeNull();
  });

  it('marks the current page', () => {
    renderNav('patient');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Health' })).not.toHaveAttribute('aria-current');
  });
});

describe('navItemsByRole', () => {
  it.each(roles)('gives %s tabs that lead only to pages the app has', (role) => {
    for (const item of navItemsByRole[role]) {
      if (item.kind === 'link') expect(matchPage(item.to), item.to).toBeDefined();
    }
  });
});
