import { ShieldCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Card, CardTitle } from '@/components/ui/card';
import { useFactors } from '../api/get-factors';
import { FactorList } from './factor-list';
import { PasskeySetup } from './passkey-setup';
import { PhoneSetup } from './phone-setup';
import { TotpSetup } from './totp-setup';

/** Profile → Privacy & Security: the second factors, and ways to add one. */
export function SecuritySettings() {
  const { t } = useTranslation();
  const factors = useFactors();
  const has = (type: 'totp' | 'phone') =>
    factors.data?.some((factor) => factor.factor_type === type) ?? true;

  return (
    <Card aria-labelledby="privacy-security-title" className="grid gap-4">
      <CardTitle id="privacy-security-title" className="flex items-center gap-2">
        <ShieldCheckIcon className="text-brand-700 size-5" aria-hidden="true" />
        {t('mfa.title')}
      </CardTitle>
      <p className="text-muted-foreground text-sm">{t('mfa.intro')}</p>
      <FactorList />
      {factors.isSuccess && (
        <div className="grid gap-2">
          <TotpSetup available={!has('totp')} />
          <PasskeySetup />
          <PhoneSetup available={!has('phone')} />
        </div>
      )}
    </Card>
  );
}
