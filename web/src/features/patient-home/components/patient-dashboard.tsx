import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Appointment } from '@shared/appointments';
import type { LatestVitals } from '@shared/vitals';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { AnnouncementsCard } from './announcements-card';
import { DashboardCard } from './dashboard-card';
import { AppointmentCard, type JoinVisitRequest } from './appointment-card';
import { LatestConversationCard, type LatestConversation } from './latest-conversation-card';
import { MedicationsCard, type DoseDue } from './medications-card';
import { OpenTasksCard } from './open-tasks-card';
import { QuickActions, type QuickAction } from './quick-actions';
import { SyncFooter } from './sync-footer';
import { VitalsCard } from './vitals-card';

/**
 * What the person looking may do with the record shown: everything with their own; caring for
 * someone, what that person granted (`addToRecord`: readings, doses taken and photos, a
 * guardian's only). The server stays the judge; the screen only offers what it will take.
 */
export interface SharedWithReader {
  record: boolean;
  message: boolean;
  visits: boolean;
  addToRecord: boolean;
}

const everythingShared: SharedWithReader = {
  record: true,
  message: true,
  visits: true,
  addToRecord: true,
};

/**
 * The cards drawn again only when what they show changes: a query of the home arriving
 * renders the home, not every card again (the doses come as a fresh list on each render of
 * the page, so they are compared by what they hold).
 */
const Actions = memo(QuickActions);
const Appointment = memo(AppointmentCard);
const Conversation = memo(LatestConversationCard);
const Medications = memo(MedicationsCard, (before, after) => {
  const { doses: dosesBefore, ...restBefore } = before;
  const { doses: dosesAfter, ...restAfter } = after;
  return (
    restBefore.activeMedications === restAfter.activeMedications &&
    restBefore.onTaken === restAfter.onTaken &&
    (dosesBefore === dosesAfter || JSON.stringify(dosesBefore) === JSON.stringify(dosesAfter))
  );
});
const Vitals = memo(VitalsCard);
const Announcements = memo(AnnouncementsCard);
const Footer = memo(SyncFooter);
const OpenTasks = memo(OpenTasksCard);

/** A card whose part of the record was not shared with the reader: it says so, no more. */
function NotSharedCard({ title, note }: { title: string; note: string }) {
  return (
    <DashboardCard title={title}>
      <p role="note" className="text-muted-foreground text-sm">
        {note}
      </p>
    </DashboardCard>
  );
}

/** The patient's home: every part in the spec's order. */
export function PatientDashboard({
  firstName,
  caringFor,
  shared = everythingShared,
  notShared = '',
  latestConversation = null,
  vitals = 'loading',
  doses = 'loading',
  activeMedications = false,
  onDoseTaken,
  onJoinVisit,
  appointment = 'loading',
  appointmentBusy = false,
  onCheckIn,
  onCancelAppointment,
}: {
  /** The signed-in person's first name: the home greets them, whoever's record it shows. */
  firstName: string;
  /** The full name of the person cared for, when the record shown is theirs. */
  caringFor?: string;
  /** What the reader may see and do with the record shown. */
  shared?: SharedWithReader;
  /** What a card not shared says ("Sita Sharma has not shared this with you."). */
  notShared?: string;
  /** `'loading'` while the conversations are on their way. */
  latestConversation?: LatestConversation | null | 'loading';
  /** The latest of each measure the patient's record holds; `'loading'` on their way. */
  vitals?: LatestVitals | 'loading';
  /** Today's doses from the patient's record, in time order; `'loading'` on their way. */
  doses?: DoseDue[] | 'loading';
  /** Whether a medicine is active, when there is no dose left today. */
  activeMedications?: boolean;
  /** "Taken" on a dose: the page records it. */
  onDoseTaken?: (dose: DoseDue) => void;
  /** "Join Video Visit": the page enters the waiting room or the started call. */
  onJoinVisit?: (request: JoinVisitRequest) => void;
  /** The next appointment not over yet, null when none; `'loading'` on its way. */
  appointment?: Appointment | null | 'loading';
  /** A check-in or cancellation is under way. */
  appointmentBusy?: boolean;
  /** "Check in": the page checks in and opens the waiting room. */
  onCheckIn?: (appointment: Appointment) => void;
  /** "Cancel appointment", confirmed: the page cancels it. */
  onCancelAppointment?: (appointment: Appointment) => void;
}) {
  const { t } = useTranslation();
  const offered = useMemo(
    (): Record<QuickAction, boolean> => ({
      schedule: shared.visits,
      recordVitals: shared.addToRecord,
      sendPhoto: shared.addToRecord,
      messageClinic: shared.message,
      shareAccess: caringFor === undefined,
    }),
    [shared.visits, shared.addToRecord, shared.message, caringFor],
  );
  // Below a phone's first screen: the doses, the readings, the announcements and the footer
  // are drawn in a render of their own after the first screen's (and, when they arrive, after
  // the render that takes them in), which React splits into short tasks and sets aside for a
  // press, so the first screen does not wait for them and a tap is never held up by them.
  const laterDoses = useDeferredValue(doses, 'loading');
  const laterVitals = useDeferredValue(vitals, 'loading');
  const belowShown = useDeferredValue(true, false);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <PageHeader title={t('pages.home')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-3 break-words">
          {caringFor === undefined
            ? t('patientHome.welcome', { name: firstName })
            : t('patientHome.welcomeCaring', { name: firstName, patient: caringFor })}
        </p>
      </div>
      <Actions offered={offered} />
      {shared.visits ? (
        <Appointment
          appointment={appointment}
          busy={appointmentBusy}
          onJoin={onJoinVisit}
          onCheckIn={onCheckIn}
          onCancel={onCancelAppointment}
        />
      ) : (
        <NotSharedCard title={t('patientHome.appointment.title')} note={notShared} />
      )}
      <OpenTasks />
      {shared.message ? (
        <Conversation conversation={latestConversation} />
      ) : (
        <NotSharedCard title={t('patientHome.conversation.title')} note={notShared} />
      )}
      {shared.record ? (
        <Medications
          doses={laterDoses}
          activeMedications={activeMedications}
          onTaken={shared.addToRecord ? onDoseTaken : undefined}
        />
      ) : (
        <NotSharedCard title={t('patientHome.medications.title')} note={notShared} />
      )}
      {shared.record ? (
        <Vitals latest={laterVitals} />
      ) : (
        <NotSharedCard title={t('patientHome.vitals.title')} note={notShared} />
      )}
      {belowShown && <Announcements />}
      {belowShown && <Footer />}
    </div>
  );
}
