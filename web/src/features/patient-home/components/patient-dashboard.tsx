import { useTranslation } from 'react-i18next';
import type { Appointment } from '@shared/appointments';
import type { LatestVitals } from '@shared/vitals';
import { LanguageToggle } from '@/components/layout/language-toggle';
import { PageHeader } from '@/components/layout/page-header';
import { AnnouncementsCard } from './announcements-card';
import { AppointmentCard, type JoinVisitRequest } from './appointment-card';
import { LatestConversationCard, type LatestConversation } from './latest-conversation-card';
import { MedicationsCard, type DoseDue } from './medications-card';
import { OpenTasksCard } from './open-tasks-card';
import { QuickActions } from './quick-actions';
import { SyncFooter } from './sync-footer';
import { VitalsCard } from './vitals-card';

/** The patient's home: every part in the spec's order. */
export function PatientDashboard({
  firstName,
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
  firstName: string;
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
  return (
    <div className="grid grid-cols-1 gap-4">
      <div>
        <PageHeader title={t('pages.home')} actions={<LanguageToggle />} />
        <p className="text-muted-foreground -mt-3">
          {t('patientHome.welcome', { name: firstName })}
        </p>
      </div>
      <QuickActions />
      <AppointmentCard
        appointment={appointment}
        busy={appointmentBusy}
        onJoin={onJoinVisit}
        onCheckIn={onCheckIn}
        onCancel={onCancelAppointment}
      />
      <OpenTasksCard />
      <LatestConversationCard conversation={latestConversation} />
      <MedicationsCard doses={doses} activeMedications={activeMedications} onTaken={onDoseTaken} />
      <VitalsCard latest={vitals} />
      <AnnouncementsCard />
      <SyncFooter />
    </div>
  );
}
