import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Me } from '@shared/profile';
import { Card } from '@/components/ui/card';
import { useNumberFormat } from '@/lib/number-format';

function displayName(me: Me): string {
  const names = [me.profile?.first_name, me.profile?.last_name].filter(Boolean);
  return names.length > 0 ? names.join(' ') : me.user.email;
}

/** Up to two letters for an avatar: the first of each name, or of the e-mail. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => Array.from(part)[0] ?? '');
  return letters.join('').toUpperCase();
}

/** The person's name (or e-mail), avatar and, for a patient, age. */
export function ProfileSummaryCard({ me, children }: { me: Me; children?: ReactNode }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const nameId = useId();
  const name = displayName(me);
  const age = me.profile?.current_age;
  return (
    <Card aria-labelledby={nameId} className="grid grid-cols-1 gap-4">
      <div className="flex min-w-0 items-center gap-3">
        {me.profile?.avatar_url ? (
          <img
            src={me.profile.avatar_url}
            alt=""
            className="size-16 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden="true"
            className="bg-brand-700 grid size-16 shrink-0 place-items-center rounded-full text-xl font-bold text-white"
          >
            {initialsOf(name)}
          </span>
        )}
        <div className="min-w-0">
          <h2 id={nameId} className="truncate text-lg font-semibold">
            {name}
          </h2>
          {me.role === 'patient' && (
            <p className="text-muted-foreground text-sm">
              {age === null || age === undefined
                ? t('patientProfile.ageUnknown')
                : t('patientProfile.age', { count: age, age: format.number(age) })}
            </p>
          )}
        </div>
      </div>
      {children}
    </Card>
  );
}
