import { useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isClinicTime } from '@shared/clinic-time';
import type { QuietHours as QuietHoursValue } from '@shared/notifications';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-message';
import { TextField } from '@/components/ui/text-field';
import type { ErrorMessageKey } from '@/lib/error-messages';
import { toast } from '@/lib/toast';
import { useUpdateNotificationSettings } from '../api/update-settings';
import { notificationsErrorKey } from '../error-message';
import { addNotificationsStrings } from '../notifications-strings';

addNotificationsStrings();

/** The hours reminders wait out, on the clinic's clock; "the doctor is in" never waits. */
export function QuietHours({ quietHours }: { quietHours: QuietHoursValue }) {
  const { t } = useTranslation();
  const [start, setStart] = useState(quietHours.start);
  const [end, setEnd] = useState(quietHours.end);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const update = useUpdateNotificationSettings();
  const changed = start !== quietHours.start || end !== quietHours.end;

  function save(event: SyntheticEvent) {
    event.preventDefault();
    if (!isClinicTime(start) || !isClinicTime(end)) {
      setError('notifications.quiet.order');
      return;
    }
    setError(null);
    update.mutate(
      { quietHours: { start, end } },
      {
        onSuccess: () => toast.success(t('notifications.quiet.saved')),
        onError: (failure) => setError(notificationsErrorKey(failure)),
      },
    );
  }

  return (
    <form
      aria-labelledby="notifications-quiet-heading"
      className="grid gap-3"
      onSubmit={save}
      noValidate
    >
      <div className="grid gap-0.5">
        <h3 id="notifications-quiet-heading" className="text-sm font-semibold">
          {t('notifications.quiet.heading')}
        </h3>
        <p className="text-muted-foreground text-xs">{t('notifications.quiet.hint')}</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('notifications.quiet.start')}
          type="time"
          value={start}
          onChange={(event) => setStart(event.target.value)}
          required
        />
        <TextField
          label={t('notifications.quiet.end')}
          type="time"
          value={end}
          onChange={(event) => setEnd(event.target.value)}
          required
        />
      </div>
      <FormError>{error ? t(error) : null}</FormError>
      <div>
        <Button type="submit" variant="secondary" disabled={!changed || update.isPending}>
          {t('notifications.quiet.save')}
        </Button>
      </div>
    </form>
  );
}
