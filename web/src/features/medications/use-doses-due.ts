import { useEffect, useState } from 'react';
import { outbox } from '@/lib/outbox';
import { useTodaysDoses } from './api/get-doses';
import { queueDoseTaken, usePendingDosesTaken } from './api/mark-dose-taken';
import { doseKey, dueDoses, type DueDose } from './dose-status';

/**
 * Today's doses for the home, and "Taken": one-way, shown at once (also offline), kept on the
 * device until the server records it once. `doses` is undefined while the first list loads.
 */
export function useDosesDue(patientId: string | undefined): {
  doses: DueDose[] | undefined;
  markTaken: (dose: DueDose) => Promise<void>;
} {
  const query = useTodaysDoses(patientId);
  const entries = usePendingDosesTaken(patientId);
  const [pressed, setPressed] = useState<ReadonlySet<string>>(new Set());
  const pressesIn = (state: 'pending' | 'failed') =>
    entries.filter((entry) => entry.state === state).map((entry) => entry.payload.taken);
  const doses = query.data
    ? dueDoses(query.data, pressesIn('pending'), pressed, pressesIn('failed'))
    : undefined;

  // A press refused for good whose dose today's list no longer holds (an earlier day, or a
  // prescription stopped since) has no dose to be shown on or pressed again: it is let go,
  // rather than counted as unsent for ever.
  const shown = new Set(doses?.map((dose) => dose.key));
  const orphans = doses
    ? entries.filter(
        (entry) => entry.state === 'failed' && !shown.has(doseKey(entry.payload.taken)),
      )
    : [];
  const orphanIds = orphans.map((entry) => entry.id).join(' ');
  useEffect(() => {
    if (orphanIds === '') return;
    for (const id of orphanIds.split(' ')) void outbox.remove(id).catch(() => undefined);
  }, [orphanIds]);

  const markTaken = async (dose: DueDose) => {
    if (patientId === undefined || dose.taken) return;
    setPressed((before) => new Set(before).add(dose.key));
    try {
      // A press the server refused for good gives way to this one.
      const refused = entries.filter(
        (entry) => entry.state === 'failed' && doseKey(entry.payload.taken) === dose.key,
      );
      await Promise.all(refused.map((entry) => outbox.remove(entry.id)));
      await queueDoseTaken(patientId, dose);
    } finally {
      setPressed((before) => {
        const after = new Set(before);
        after.delete(dose.key);
        return after;
      });
    }
  };
  return { doses, markTaken };
}
