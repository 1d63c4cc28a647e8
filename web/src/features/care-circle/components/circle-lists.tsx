import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carePermissions,
  type Caregiver,
  type Dependent,
  type PendingInvitation,
} from '@shared/care-circle';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { useDates } from '@/lib/dates';
import { useNumberFormat } from '@/lib/number-format';
import { toast } from '@/lib/toast';
import { useCancelInvitation, useChangePermissions, useRemoveCaregiver } from '../api/care-circle';
import { careServerError } from '../care-circle-errors';
import { LoginInviteForm } from './login-invite-form';
import { PermissionCheckboxes } from './permission-checkboxes';

const rowClass = 'border-border grid gap-2 border-t pt-3 first:border-t-0 first:pt-0';

/** "Remove access", asked once more before it is done, as cancelling an appointment is. */
function RemoveAccess({
  name,
  busy,
  onRemove,
}: {
  name: string;
  busy: boolean;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" className="justify-self-start" disabled={busy}>
          {t('careCircle.caregivers.remove')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('careCircle.caregivers.close')}>
        <DialogTitle>{t('careCircle.caregivers.removeTitle', { name })}</DialogTitle>
        <DialogDescription>{t('careCircle.caregivers.removeQuestion', { name })}</DialogDescription>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="destructive"
            disabled={busy}
            onClick={() => {
              setOpen(false);
              onRemove();
            }}
          >
            {t('careCircle.caregivers.remove')}
          </Button>
          <DialogClose asChild>
            <Button type="button" variant="ghost">
              {t('careCircle.caregivers.keep')}
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A caregiver: who, how related, what they may do (changed at once), and removing them. */
function CaregiverRow({ caregiver }: { caregiver: Caregiver }) {
  const { t } = useTranslation();
  const dates = useDates();
  const change = useChangePermissions();
  const remove = useRemoveCaregiver();
  const fail = (error: unknown) => toast.error(careServerError(t, error) ?? '');
  return (
    <li className={rowClass}>
      <div className="grid">
        <span className="font-medium">{caregiver.name ?? caregiver.email}</span>
        {caregiver.name && caregiver.email && (
          <span className="text-muted-foreground text-sm">{caregiver.email}</span>
        )}
        <span className="text-muted-foreground text-sm">
          {t(`careCircle.relationships.${caregiver.relationship}`)} ·{' '}
          {t('careCircle.caregivers.since', { date: dates.date(caregiver.since) })}
        </span>
      </div>
      <PermissionCheckboxes
        value={change.variables?.permissions ?? caregiver.permissions}
        disabled={change.isPending || remove.isPending}
        onChange={(permission, granted) => {
          const permissions = { ...caregiver.permissions, [permission]: granted };
          // At least one stays: removing the last is "Remove access".
          if (!permissions.record && !permissions.message && !permissions.visits) {
            toast.error(t('careCircle.errors.permissionRequired'));
            return;
          }
          change.mutate(
            { id: caregiver.id, permissions },
            {
              onSuccess: () => toast.success(t('careCircle.caregivers.changed')),
              onError: fail,
              onSettled: () => change.reset(),
            },
          );
        }}
      />
      <RemoveAccess
        name={caregiver.name ?? caregiver.email ?? ''}
        busy={remove.isPending}
        onRemove={() =>
          remove.mutate(caregiver.id, {
            onSuccess: () => toast.success(t('careCircle.caregivers.removed')),
            onError: fail,
          })
        }
      />
    </li>
  );
}

export function CaregiverList({ caregivers }: { caregivers: Caregiver[] }) {
  const { t } = useTranslation();
  if (caregivers.length === 0) {
    return <p className="text-muted-foreground text-sm">{t('careCircle.caregivers.empty')}</p>;
  }
  return (
    <ul className="grid gap-3">
      {caregivers.map((caregiver) => (
        <CaregiverRow key={caregiver.id} caregiver={caregiver} />
      ))}
    </ul>
  );
}

function InvitationRow({
  invitation,
  loginFor,
}: {
  invitation: PendingInvitation;
  /** For a dependent's own login: their name. */
  loginFor: string | undefined;
}) {
  const { t } = useTranslation();
  const dates = useDates();
  const cancel = useCancelInvitation();
  const what =
    loginFor === undefined
      ? t(`careCircle.relationships.${invitation.relationship}`)
      : t('careCircle.login.whose', { name: loginFor });
  return (
    <li className={rowClass}>
      <div className="grid">
        <span className="font-medium break-words">{invitation.email}</span>
        <span className="text-muted-foreground text-sm">
          {what} ·{' '}
          {t('careCircle.invitations.expires', { date: dates.dateTime(invitation.expiresAt) })}
        </span>
        {loginFor === undefined && (
          <span className="text-sm">
            {t('careCircle.invitations.grants', {
              permissions: carePermissions
                .filter((permission) => invitation.permissions[permission])
                .map((permission) => t(`careCircle.permissions.${permission}`))
                .join(t('careCircle.invitations.separator')),
            })}
          </span>
        )}
      </div>
      <Button
        variant="outline"
        className="justify-self-start"
        disabled={cancel.isPending}
        onClick={() =>
          cancel.mutate(invitation.id, {
            onSuccess: () => toast.success(t('careCircle.invitations.cancelled')),
            onError: (error) => toast.error(careServerError(t, error) ?? ''),
          })
        }
      >
        {t('careCircle.invitations.cancel')}
      </Button>
    </li>
  );
}

/** Invitations waiting: to care for the patient, and family members' own logins. */
export function InvitationList({
  invitations,
  dependents,
}: {
  invitations: PendingInvitation[];
  dependents: Dependent[];
}) {
  const names = new Map(dependents.map((dependent) => [dependent.id, dependent.name]));
  return (
    <ul className="grid gap-3">
      {invitations.map((invitation) => (
        <InvitationRow
          key={invitation.id}
          invitation={invitation}
          loginFor={invitation.dependentId === null ? undefined : names.get(invitation.dependentId)}
        />
      ))}
    </ul>
  );
}

/**
 * Family members without a login, each of whom may be given their own: `loginFor` is the one
 * whose form is open, if any (one form on the page at a time).
 */
export function DependentList({
  dependents,
  loginFor,
  onLoginFor,
}: {
  dependents: Dependent[];
  loginFor: string | null;
  onLoginFor: (dependentId: string | null) => void;
}) {
  const { t } = useTranslation();
  const format = useNumberFormat();
  if (dependents.length === 0) {
    return <p className="text-muted-foreground text-sm">{t('careCircle.dependents.empty')}</p>;
  }
  return (
    <ul className="grid gap-3">
      {dependents.map((dependent) => (
        <li key={dependent.id} className={rowClass}>
          <div className="grid">
            <span className="font-medium">{dependent.name}</span>
            <span className="text-muted-foreground text-sm">
              {t(`careCircle.relationships.${dependent.relationship}`)}
              {dependent.gender && ` · ${t(`onboarding.genders.${dependent.gender}`)}`}
              {dependent.ageYears !== null &&
                ` · ${t('careCircle.dependents.age', { age: format.number(dependent.ageYears) })}`}
            </span>
          </div>
          {loginFor === dependent.id ? (
            <LoginInviteForm dependentId={dependent.id} onDone={() => onLoginFor(null)} />
          ) : (
            <Button
              variant="outline"
              className="justify-self-start"
              onClick={() => onLoginFor(dependent.id)}
            >
              {t('careCircle.login.give')}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
