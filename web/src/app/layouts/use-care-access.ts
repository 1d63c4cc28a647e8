import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { CaredFor } from '@shared/care-circle';
import { eraseCaredForData } from '@/lib/account-data';
import { actingForNameOf, actingForOf, onCareAccessEnded, scopedPatients } from '@/lib/acting-for';
import { caringForQueryOptions } from '@/lib/caring-for';
import { i18n } from '@/lib/i18n';
import { onNotPermitted, outbox } from '@/lib/outbox';
import { toast } from '@/lib/toast';

/**
 * Keeps the device to what the account may still see of the people it cares for. Whom it
 * cares for is asked at every start, when the app comes back to the front and when the
 * connection returns; a person no longer listed, or a request the server refused with
 * `care_access_ended`, has everything of theirs erased from the device (the cache in this
 * page and the kept snapshot, the outbox entries written for them), and the account acts for
 * itself again, told so. Returns the people, as last listed.
 */
export function useCareAccess(userId: string | null, enabled: boolean): CaredFor[] {
  const queryClient = useQueryClient();
  const caringFor = useQuery({
    ...caringForQueryOptions,
    enabled: enabled && userId !== null,
    refetchOnWindowFocus: 'always',
    refetchOnReconnect: 'always',
  });
  const [startedAt] = useState(() => Date.now());
  // Names of everyone listed this visit, so the toast can say whose access ended.
  const names = useRef(new Map<string, string>());
  // Whose end was told this visit: several refused requests say it once.
  const told = useRef(new Set<string>());
  useEffect(() => {
    for (const person of caringFor.data ?? []) {
      names.current.set(person.patientId, person.name);
      told.current.delete(person.patientId);
    }
  }, [caringFor.data]);

  useEffect(() => {
    if (userId === null) return;
    // Only someone whose data the device held is erased: that is always worth saying, once.
    const erase = (patientId: string) => {
      // Listed this visit, or the name they were chosen under on this device (a page opened
      // after the access ended never saw them listed).
      const name = names.current.get(patientId) ?? actingForNameOf(userId, patientId) ?? undefined;
      void eraseCaredForData(queryClient, userId, patientId)
        .catch(() => undefined)
        .then(() => {
          if (told.current.has(patientId)) return;
          told.current.add(patientId);
          toast(
            name === undefined
              ? i18n.t('careCircle.caringFor.endedUnnamed')
              : i18n.t('careCircle.caringFor.ended', { name }),
          );
        });
    };
    const stopEnded = onCareAccessEnded((patientId) => {
      erase(patientId);
      void queryClient.invalidateQueries({ queryKey: caringForQueryOptions.queryKey });
    });
    // Work written for them that their grant does not cover left the outbox: say so, and ask
    // again what they grant, so the screen stops offering it.
    const stopRefused = onNotPermitted((entry) => {
      const name = entry.actingFor ? names.current.get(entry.actingFor) : undefined;
      toast.error(i18n.t('careCircle.caringFor.notGranted', { name: name ?? '' }));
      void queryClient.invalidateQueries({ queryKey: caringForQueryOptions.queryKey });
    });
    const stop = () => {
      stopEnded();
      stopRefused();
    };
    const listed = caringFor.data;
    // Only a list the server gave since this page started: one restored from the device's
    // snapshot may be older than a person added since, who must not be erased for it.
    if (listed && caringFor.dataUpdatedAt >= startedAt) {
      const still = new Set(listed.map((person) => person.patientId));
      const held = scopedPatients(
        queryClient
          .getQueryCache()
          .getAll()
          .map((q) => q.queryHash),
      );
      const chosen = actingForOf(userId);
      if (chosen !== null) held.add(chosen);
      void outbox.entriesOf(userId).then((entries) => {
        for (const entry of entries) if (entry.actingFor) held.add(entry.actingFor);
        for (const patientId of held) if (!still.has(patientId)) erase(patientId);
      });
    }
    return stop;
  }, [userId, caringFor.data, caringFor.dataUpdatedAt, startedAt, queryClient]);

  return caringFor.data ?? [];
}
