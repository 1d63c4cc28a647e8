import { KeyRoundIcon, QrCodeIcon, SmartphoneIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Factor, FactorType } from '@shared/mfa';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDates } from '@/lib/dates';
import { useFactors } from '../api/get-factors';
import { RemoveFactorDialog } from './remove-factor-dialog';

const icons: Record<FactorType, typeof KeyRoundIcon> = {
  totp: QrCodeIcon,
  phone: SmartphoneIcon,
  webauthn: KeyRoundIcon,
};

/** The words that set one factor apart from others of its kind. */
function useDescribe() {
  const { t } = useTranslation();
  const dates = useDates();
  return (factor: Factor) => {
    const title = t(`mfa.types.${factor.factor_type}`);
    const parts: string[] = [];
    if (factor.factor_type === 'phone') parts.push(factor.friendly_name);
    if (factor.factor_type === 'webauthn' && factor.friendly_name !== 'Passkey') {
      parts.push(factor.friendly_name);
    }
    if (factor.created_at) {
      parts.push(t('mfa.factors.added', { date: dates.dateTime(factor.created_at) }));
    }
    const detail = parts.join(' · ');
    return { title, detail, name: detail ? `${title} (${detail})` : title };
  };
}

export function FactorList() {
  const { t } = useTranslation();
  const factors = useFactors();
  const describe = useDescribe();
  const [removing, setRemoving] = useState<{ factor: Factor; name: string } | null>(null);

  return (
    <section aria-labelledby="mfa-factors-heading" className="grid gap-2">
      <h3 id="mfa-factors-heading" className="text-sm font-semibold">
        {t('mfa.factors.heading')}
      </h3>
      {factors.isPending ? (
        <Spinner label={t('mfa.factors.loading')} />
      ) : factors.isError ? (
        <p role="alert" className="text-accent-700 text-sm">
          {t('mfa.factors.loadError')}
        </p>
      ) : factors.data.length === 0 ? (
        <p className="text-muted-foreground text-sm">{t('mfa.factors.empty')}</p>
      ) : (
        <ul className="divide-border border-border divide-y rounded-lg border">
          {factors.data.map((factor) => {
            const Icon = icons[factor.factor_type];
            const { title, detail, name } = describe(factor);
            const titleId = `mfa-factor-${factor.id}`;
            return (
              <li key={factor.id} className="flex items-center gap-3 p-3">
                <Icon className="text-brand-700 size-5 shrink-0" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p id={titleId} className="text-sm font-medium">
                    {title}
                  </p>
                  {detail && <p className="text-muted-foreground text-xs break-words">{detail}</p>}
                </div>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-describedby={detail ? `${titleId} ${titleId}-detail` : titleId}
                  onClick={() => setRemoving({ factor, name })}
                >
                  {t('mfa.factors.remove')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <RemoveFactorDialog target={removing} onClose={() => setRemoving(null)} />
    </section>
  );
}
