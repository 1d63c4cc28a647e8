import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarePermission, CaredFor } from '@shared/care-circle';
import { setActingFor, useActingFor } from '@/lib/acting-for';
import { useActingForPerson, useMayAddToRecord, useMayDo } from '@/lib/caring-for';

/**
 * The shell's switch between one's own record ("Myself") and each person one cares for.
 * The choice is the account's on this device (`lib/acting-for.ts`).
 */
export function CaringForSwitch({ userId, people }: { userId: string; people: CaredFor[] }) {
  const { t } = useTranslation();
  const id = useId();
  const actingFor = useActingFor();
  if (people.length === 0) return null;
  return (
    <div className="bg-card border-border flex items-center gap-2 border-b px-4 py-1.5 text-sm">
      <label htmlFor={id} className="font-medium">
        {t('careCircle.caringFor.label')}
      </label>
      <select
        id={id}
        value={actingFor ?? ''}
        onChange={(event) => {
          const chosen = people.find((person) => person.patientId === event.target.value);
          setActingFor(userId, chosen?.patientId ?? null, chosen?.name);
        }}
        className="border-border bg-card focus-visible:outline-ring min-h-9 min-w-0 flex-1 rounded-lg border px-2 py-1"
      >
        <option value="">{t('careCircle.caringFor.myself')}</option>
        {people.map((person) => (
          <option key={person.patientId} value={person.patientId}>
            {person.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The coloured bar on every screen while acting for someone: whose record it is. */
export function ActingForBar({ userId, person }: { userId: string; person: CaredFor }) {
  const { t } = useTranslation();
  return (
    <div
      role="note"
      className="flex items-center justify-between gap-3 bg-violet-700 px-4 py-2 text-sm font-semibold text-white"
    >
      <span>{t('careCircle.caringFor.bar', { name: person.name })}</span>
      <button
        type="button"
        className="rounded-md px-2 py-1 text-xs underline"
        onClick={() => setActingFor(userId, null)}
      >
        {t('careCircle.caringFor.backToMyself')}
      </button>
    </div>
  );
}

/** In place of an action the person cared for has not granted. */
export function NotGranted({ person }: { person: CaredFor | null }) {
  const { t } = useTranslation();
  return (
    <p role="note" className="bg-muted rounded-lg px-3 py-2 text-sm">
      {t('careCircle.caringFor.notGranted', { name: person?.name ?? '' })}
    </p>
  );
}

/**
 * `children` when the record shown is one's own or its patient granted `permission` (a
 * guardian holds every one; `add-to-record`, a reading or a photo, is a guardian's only); else
 * a note saying it was not shared.
 */
export function GrantedOnly({
  permission,
  children,
}: {
  permission: CarePermission | 'add-to-record';
  children: ReactNode;
}) {
  const actingFor = useActingFor();
  const person = useActingForPerson();
  const mayAdd = useMayAddToRecord();
  const mayDo = useMayDo(permission === 'add-to-record' ? 'record' : permission);
  if (permission === 'add-to-record' ? mayAdd : mayDo) return children;
  // Whom one cares for is still being asked: nothing of theirs is shown meanwhile.
  if (actingFor !== null && person === null) return null;
  return <NotGranted person={person} />;
}
