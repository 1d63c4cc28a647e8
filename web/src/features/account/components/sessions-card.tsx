import { LaptopIcon, LogOutIcon, MonitorSmartphoneIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormError, FormSuccess } from '@/components/ui/form-message';
import { Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { SectionCard } from '@/components/ui/section-card';
import { useAccountSessions, useSignOutOthers, type AccountSession } from '../api/sessions';

const browsers: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\//, 'Firefox'],
  [/Chrom(e|ium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const systems: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome on Android": the browser and system a session's user agent names; null if neither. */
export function deviceOf(
  userAgent: string | null | undefined,
): { browser: string; system: string; phone: boolean } | null {
  if (!userAgent) return null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser || !system) return null;
  return { browser, system, phone: system === 'Android' || system === 'iOS' };
}

function SessionRow({ session, current }: { session: AccountSession; current: boolean }) {
  const { t } = useTranslation();
  const dates = useDates();
  const device = deviceOf(session.userAgent);
  const Icon = device?.phone ? MonitorSmartphoneIcon : LaptopIcon;
  return (
    <li className="flex items-start gap-3 text-sm">
      <Icon className="text-muted-foreground mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="font-medium break-words">
          {device ? t('account.sessions.device', device) : t('account.sessions.unknownDevice')}
        </p>
        <p className="text-muted-foreground">
          {current
            ? t('account.sessions.thisDevice')
            : t('account.sessions.lastUsed', { when: dates.dateTime(session.updatedAt) })}
        </p>
      </div>
    </li>
  );
}

/** Where the account is signed in, and "Sign out everywhere else". */
export function SessionsCard() {
  const { t } = useTranslation();
  const sessions = useAccountSessions();
  const signOutOthers = useSignOutOthers();
  const data = sessions.data;
  const others = data ? data.sessions.filter((session) => session.id !== data.currentId) : [];
  return (
    <SectionCard
      title={t('account.sessions.title')}
      description={t('account.sessions.description')}
    >
      {data ? (
        <ul aria-label={t('account.sessions.title')} className="grid gap-3">
          {data.sessions.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              current={session.id === data.currentId}
            />
          ))}
        </ul>
      ) : sessions.isError ? (
        <FormError>{t('account.sessions.failed')}</FormError>
      ) : (
        <div className="flex justify-center py-4">
          <Spinner label={t('app.loading')} />
        </div>
      )}
      {signOutOthers.isSuccess && others.length === 0 && (
        <FormSuccess>{t('account.sessions.signedOut')}</FormSuccess>
      )}
      {!signOutOthers.isSuccess && data && others.length === 0 && (
        <p className="text-muted-foreground text-sm">{t('account.sessions.onlyThis')}</p>
      )}
      {signOutOthers.isError && <FormError>{t('account.sessions.signOutFailed')}</FormError>}
      {(others.length > 0 || sessions.isError) && (
        <Button
          type="button"
          variant="outline"
          disabled={signOutOthers.isPending}
          onClick={() => signOutOthers.mutate()}
        >
          <LogOutIcon aria-hidden="true" />
          {signOutOthers.isPending
            ? t('account.sessions.signingOut')
            : t('account.sessions.signOutOthers')}
        </Button>
      )}
    </SectionCard>
  );
}
