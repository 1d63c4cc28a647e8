import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { startLanguageSync } from './language-sync';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const settings = {
  phoneNumber: null,
  texts: true,
  medicationReminders: true,
  quietHours: { start: '21:00', end: '07:00' },
};

/** A server whose account reads `language`, recording each change it is sent. */
function server(language: 'en' | 'ne', failPatches = 0) {
  let stored = language;
  let failures = failPatches;
  const patches: unknown[] = [];
  vi.stubGlobal('fetch', (_path: string, init: RequestInit = {}) => {
    if (init.method === 'PATCH') {
      const body = JSON.parse(init.body as string) as { language: 'en' | 'ne' };
      patches.push(body);
      if (failures > 0) {
        failures -= 1;
        return Promise.resolve(
          Response.json({ error: { code: 'internal', message: 'x' } }, { status: 503 }),
        );
      }
      stored = body.language;
    }
    return Promise.resolve(Response.json({ ...settings, language: stored }));
  });
  return patches;
}

describe("the account's language on the server", () => {
  it('is told the reader’s language when a session starts with another', async () => {
    await i18n.changeLanguage('ne');
    const patches = server('en');
    const stop = startLanguageSync(new QueryClient());
    await vi.waitFor(() => expect(patches).toEqual([{ language: 'ne' }]));
    stop();
  });

  it('is left alone when it already matches, and told when the reader switches', async () => {
    const patches = server('en');
    const stop = startLanguageSync(new QueryClient());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(patches).toEqual([]);
    await i18n.changeLanguage('ne');
    await vi.waitFor(() => expect(patches).toEqual([{ language: 'ne' }]));
    stop();
    await i18n.changeLanguage('en');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(patches).toEqual([{ language: 'ne' }]);
  });

  it('tries again later when the server fails, without holding anything up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const patches = server('en', 1);
      const stop = startLanguageSync(new QueryClient());
      await i18n.changeLanguage('ne');
      await vi.waitFor(() => expect(patches).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(61_000);
      await vi.waitFor(() => expect(patches).toEqual([{ language: 'ne' }, { language: 'ne' }]));
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
