import type { QueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client';
import { currentLanguage, i18n, type Language } from '@/lib/i18n';
import { onlineStatus } from '@/lib/online-status';
import { notificationSettingsQueryOptions } from './api/get-settings';
import { notificationsKeys } from './api/notifications-keys';
import { updateNotificationSettings } from './api/update-settings';

/** A server that answers but fails is asked again this long after. */
const retryMs = 60_000;

/**
 * Keeps the account's language on the server the one the reader uses, so texts and push
 * messages to a closed phone come in it: checked once the session's first screen is up, and
 * told whenever the reader switches. Nothing waits on it: offline or refused, the app goes on
 * and the change is told once the server can be reached. Returns the way to stop.
 */
export function startLanguageSync(queryClient: QueryClient): () => void {
  let wanted: Language | null = null;
  let sending = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function tell(): Promise<void> {
    if (sending || stopped || wanted === null || !onlineStatus.get()) return;
    sending = true;
    const language = wanted;
    try {
      const settings = await updateNotificationSettings({ language });
      queryClient.setQueryData(notificationsKeys.settings, settings);
      if (wanted === language) wanted = null;
    } catch (error) {
      // A refusal (signed out, no such setting yet) will not change by asking again.
      const final =
        error instanceof ApiRequestError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 429;
      if (final) wanted = null;
      else timer = setTimeout(() => void tell(), retryMs);
    } finally {
      sending = false;
    }
    if (wanted !== null && wanted !== language) void tell();
  }

  function want(language: Language) {
    wanted = language;
    clearTimeout(timer);
    void tell();
  }

  const onLanguageChanged = (language: string) => want(language === 'ne' ? 'ne' : 'en');
  i18n.on('languageChanged', onLanguageChanged);
  const stopOnline = onlineStatus.subscribe(() => void tell());

  void queryClient
    .query(notificationSettingsQueryOptions)
    .then((settings) => {
      if (wanted === null && settings.language !== currentLanguage()) want(currentLanguage());
    })
    // Unread now, it is read again at the next session's start; a switch is still told.
    .catch(() => undefined);

  return () => {
    stopped = true;
    clearTimeout(timer);
    i18n.off('languageChanged', onLanguageChanged);
    stopOnline();
  };
}
