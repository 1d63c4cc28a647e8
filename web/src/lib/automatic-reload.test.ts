import { afterEach, describe, expect, it } from 'vitest';
import { automaticReloadWindowMs, claimAutomaticReload } from './automatic-reload';

afterEach(() => sessionStorage.clear());

describe('claimAutomaticReload', () => {
  it('lets a screen reload by itself once, then not again within the window', () => {
    const start = 1_000_000;
    expect(claimAutomaticReload('/messages', start)).toBe(true);
    // The reloaded page fails the same way a second later, and again, and again.
    for (const after of [1_000, 2_000, 60_000, automaticReloadWindowMs - 1]) {
      expect(claimAutomaticReload('/messages', start + after)).toBe(false);
    }
  });

  it('lets the same screen reload by itself again once the window has passed', () => {
    const start = 1_000_000;
    expect(claimAutomaticReload('/health', start)).toBe(true);
    expect(claimAutomaticReload('/health', start + automaticReloadWindowMs)).toBe(true);
    expect(claimAutomaticReload('/health', start + automaticReloadWindowMs + 1_000)).toBe(false);
  });

  it('lets another screen reload by itself', () => {
    expect(claimAutomaticReload('/health', 5_000)).toBe(true);
    expect(claimAutomaticReload('/messages', 6_000)).toBe(true);
  });

  it('is not held back by what it cannot read, nor by a reload from the future (a clock set back)', () => {
    sessionStorage.setItem('sewa-automatic-reload', 'not json');
    expect(claimAutomaticReload('/', 10_000)).toBe(true);
    expect(claimAutomaticReload('/', 10_000 - 60_000)).toBe(true);
  });
});
