/**
 * A screen whose code could not be fetched starts the app afresh by itself once the server
 * answers again. When the server answers but the code still does not come (a file missing
 * from a deploy, a proxy refusing it), every fresh start would fail the same way and reload
 * again a second later. So a screen reloads by itself once within `windowMs`; after that the
 * reader sees the error screen and its Try again. Kept in sessionStorage: per tab, and it
 * outlives the reload it guards.
 */

const storageKey = 'sewa-automatic-reload';
export const automaticReloadWindowMs = 10 * 60_000;

interface LastReload {
  screen: string;
  at: number;
}

function lastReload(): LastReload | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null');
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'screen' in parsed &&
      'at' in parsed &&
      typeof parsed.screen === 'string' &&
      typeof parsed.at === 'number'
    ) {
      return { screen: parsed.screen, at: parsed.at };
    }
  } catch {
    // Unreadable or refused storage: as if nothing was reloaded.
  }
  return null;
}

/**
 * Whether `screen` may reload by itself now; when it may, the reload is recorded, so the
 * next failure of the same screen within the window is shown rather than reloaded. Without
 * storage to remember it in, no automatic reload at all: a loop is worse than a button.
 */
export function claimAutomaticReload(screen: string, now = Date.now()): boolean {
  const last = lastReload();
  if (
    last &&
    last.screen === screen &&
    now - last.at >= 0 &&
    now - last.at < automaticReloadWindowMs
  ) {
    return false;
  }
  try {
    sessionStorage.setItem(storageKey, JSON.stringify({ screen, at: now } satisfies LastReload));
    return sessionStorage.getItem(storageKey) !== null;
  } catch {
    return false;
  }
}
