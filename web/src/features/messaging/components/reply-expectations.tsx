import { PhoneIcon } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Nepal's ambulance number. */
const ambulanceNumber = '102';

/**
 * What a patient writing to the care team should know: when an answer comes, and that an
 * emergency is not a message but a call to the ambulance, one tap away.
 */
export function ReplyExpectations() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <aside
      aria-labelledby={titleId}
      className="border-border bg-muted/50 mb-4 grid gap-1 rounded-lg border p-3 text-sm"
    >
      <h2 id={titleId} className="font-semibold">
        {t('messaging.help.label')}
      </h2>
      <p className="text-muted-foreground">{t('messaging.help.replies')}</p>
      <p>
        {t('messaging.help.emergency')}{' '}
        <a
          href={`tel:${ambulanceNumber}`}
          className="text-accent-700 inline-flex items-center gap-1 font-semibold underline underline-offset-4"
        >
          <PhoneIcon className="size-3.5" aria-hidden="true" />
          {t('messaging.help.call')}
        </a>
      </p>
    </aside>
  );
}
