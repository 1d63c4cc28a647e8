import { useTranslation } from 'react-i18next';
import { adherenceDays, type Medication } from '@shared/medications';
import { useNumberFormat } from '@/lib/number-format';
import { MedicationItem } from './medication-item';

/** Doses taken and missed in the last `adherenceDays` days, as the doctor's chart counts them. */
export function MedicationAdherence({ medication }: { medication: Medication }) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  return (
    <p className="font-medium">
      {t('medications.adherence', {
        count: adherenceDays,
        days: format.number(adherenceDays),
        taken: format.number(medication.adherence.taken),
        missed: format.number(medication.adherence.missed),
      })}
    </p>
  );
}

/**
 * Health → Meds: the active medications, each with its doses taken and missed of the last
 * days, then the past ones (stopped or completed), each as the prescribing doctor wrote it.
 */
export function MedicationsList({ medications }: { medications: readonly Medication[] }) {
  const { t } = useTranslation();
  const active = medications.filter((medication) => medication.status === 'active');
  const past = medications.filter((medication) => medication.status !== 'active');
  const headingClass = 'text-muted-foreground text-xs font-semibold tracking-wide uppercase';
  return (
    <div className="grid gap-4">
      <section aria-labelledby="medications-active" className="grid gap-2">
        <h2 id="medications-active" className={headingClass}>
          {t('medications.active')}
        </h2>
        {active.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('medications.noneActive')}</p>
        ) : (
          <ul aria-labelledby="medications-active" className="grid gap-2">
            {active.map((medication) => (
              <MedicationItem
                key={medication.id}
                medication={medication}
                details={<MedicationAdherence medication={medication} />}
              />
            ))}
          </ul>
        )}
      </section>
      {past.length > 0 && (
        <section aria-labelledby="medications-past" className="grid gap-2">
          <h2 id="medications-past" className={headingClass}>
            {t('medications.past')}
          </h2>
          <ul aria-labelledby="medications-past" className="grid gap-2">
            {past.map((medication) => (
              <MedicationItem key={medication.id} medication={medication} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
