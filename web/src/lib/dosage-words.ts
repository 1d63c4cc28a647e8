import { useTranslation } from 'react-i18next';
import type { DoseAmount, FoodRelation, TimeOfDay } from '@shared/medications';
import en from './dosage-locales/en.json';
import ne from './dosage-locales/ne.json';
import { useNumberFormat } from './number-format';
import { addPageStrings } from './page-strings';

// The dose words come with the screens that show a dose (home, Health, chart), not with the
// first download: a phone on /login never needs them.
addPageStrings('dosage', en, ne);

/** What a prescription says to take, as the API answers it. */
export interface Dosage {
  dose: DoseAmount | null;
  /** A dose written in words before doses were structured: shown as written. */
  writtenDose: string | null;
  food: FoodRelation;
}

/**
 * A dose in the reader's language: "1 tablet" / "१ चक्की"; with its time of day and its
 * relation to food, "1 tablet, morning, after food" / "१ चक्की, बिहान खाना खाएपछि". The
 * medicine's name and the doctor's note stay as written.
 */
export function useDosageWords() {
  const { t } = useTranslation();
  const format = useNumberFormat();
  const amount = (dosage: Dosage): string =>
    dosage.dose === null
      ? (dosage.writtenDose ?? '')
      : t(`dosage.forms.${dosage.dose.form}`, {
          count: dosage.dose.amount,
          amount: format.number(dosage.dose.amount),
        });
  const timeWithFood = (time: TimeOfDay, food: FoodRelation): string =>
    food === 'any'
      ? t(`dosage.inSentence.${time}`)
      : t(`dosage.withFood.${food}`, { time: t(`dosage.inSentence.${time}`) });
  return {
    amount,
    /** The dose at one time of day, with food as prescribed (a comma between, in both languages). */
    at: (dosage: Dosage, time: TimeOfDay): string =>
      [amount(dosage), timeWithFood(time, dosage.food)].join(', '),
    /** "After food", or null at any time. */
    food: (food: FoodRelation): string | null =>
      food === 'any' ? null : t(`dosage.foodLine.${food}`),
  };
}
