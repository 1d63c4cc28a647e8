import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import type { Appointment } from '@shared/appointments';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Redirect, useLocation } from 'wouter';
import { roleSchema } from '@shared/role';
import { latestVitals } from '@shared/vitals';
import { useCancelAppointment } from '@/features/appointments/api/cancel-appointment';
import { useCheckIn } from '@/features/appointments/api/check-in';
import {
  nextAppointmentQueryOptions,
  useNextAppointment,
} from '@/features/appointments/api/get-next-appointment';
import { appointmentErrorText } from '@/features/appointments/appointment-errors';
import { conversationsQueryOptions } from '@/features/messaging/api/get-conversations';
import { useLatestConversation } from '@/features/messaging/api/use-latest-conversation';
import { dosesQueryOptions } from '@/features/medications/api/get-doses';
import { useMedications } from '@/features/medications/api/get-medications';
import { useDosesDue } from '@/features/medications/use-doses-due';
import type { JoinVisitRequest } from '@/features/patient-home/components/appointment-card';
import type { DoseDue } from '@/features/patient-home/components/medications-card';
import { PatientDashboard } from '@/features/patient-home/components/patient-dashboard';
import { useJoinWaitingRoom } from '@/features/visits/api/join-waiting-room';
import { visitsKeys } from '@/features/visits/api/query-keys';
import { visitErrorText } from '@/features/visits/visit-errors';
import { useVitals, vitalsQueryOptions } from '@/features/vitals/api/get-vitals';
import { currentActingFor, useActingFor } from '@/lib/acting-for';
import { activeEncounter } from '@/lib/active-encounter';
import { useActingForPerson, useMayAddToRecord, useMayDo } from '@/lib/caring-for';
import { preloadable } from '@/lib/preloadable';
import { sessionQueryOptions, useSession } from '@/lib/session';
import { ComingSoon, NoRoleWelcome } from '@/features/staff/components/role-placeholders';

/**
 * A handler that stays the same function across renders and calls the latest one given: a
 * card drawn again only when its props change is not drawn again for a new handler.
 */
function useSteadyHandler<A extends unknown[]>(handler: (...args: A) => void) {
  const latest = useRef(handler);
  useLayoutEffect(() => {
    latest.current = handler;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}

/**
 * "Join Video Visit": into the call when the doctor has started the visit, else into the
 * waiting room (the server hands back the open visit when there is one).
 */
function useJoinVisit() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const joinWaitingRoom = useJoinWaitingRoom();
  return (request: JoinVisitRequest) => {
    const open = activeEncounter.get();
    if (open && (open.status === 'waiting' || open.status === 'in_progress')) {
      navigate(`/visit/${open.id}?join`);
      return;
    }
    if (joinWaitingRoom.isPending) return;
    joinWaitingRoom.mutate(request, {
      onSuccess: (visit) => navigate(`/visit/${visit.id}`),
      onError: (error) => toast.error(visitErrorText(t, error, t('visits.errors.joinFailed'))),
    });
  };
}

/**
 * The next appointment's actions: "Check in" puts the patient in the doctor's queue and opens
 * its waiting room; "Cancel appointment" (confirmed on the card) cancels it.
 */
function useAppointmentActions() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const checkIn = useCheckIn();
  const cancel = useCancelAppointment();
  return {
    busy: checkIn.isPending || cancel.isPending,
    checkIn: (appointment: Appointment) =>
      checkIn.mutate(appointment.id, {
        onSuccess: ({ visitId }) => {
          void queryClient.invalidateQueries({ queryKey: visitsKeys.current() });
          navigate(`/visit/${visitId}`);
        },
        onError: (error) =>
          toast.error(appointmentErrorText(t, error, t('patientHome.appointment.checkInFailed'))),
      }),
    cancel: (appointment: Appointment) =>
      cancel.mutate(appointment.id, {
        onSuccess: () => toast.success(t('patientHome.appointment.cancelled')),
        onError: (error) =>
          toast.error(appointmentErrorText(t, error, t('patientHome.appointment.cancelFailed'))),
      }),
  };
}

/** "Taken" on one of today's doses: kept on the device and recorded once by the server. */
function useDoseTaken(userId: string | undefined) {
  const { t } = useTranslation();
  const { doses, markTaken } = useDosesDue(userId);
  const taken = (shown: DoseDue) => {
    const dose = doses?.find((each) => each.key === shown.key);
    if (!dose) return;
    markTaken(dose).catch(() => toast.error(t('medications.errors.notSaved')));
  };
  return { doses, taken };
}

/**
 * The patient's dashboard with a record: their own, or that of the person they care for
 * (`caringFor`, whose id `userId` then is), offering only what that person granted. The
 * greeting is always the signed-in person's.
 */
function PatientHome({
  firstName,
  userId,
  caringFor,
}: {
  firstName: string;
  userId: string;
  caringFor?: string;
}) {
  const { t } = useTranslation();
  const shared = {
    record: useMayDo('record'),
    message: useMayDo('message'),
    visits: useMayDo('visits'),
    addToRecord: useMayAddToRecord(),
  };
  const latestConversation = useLatestConversation(shared.message);
  const vitals = useVitals(shared.record ? userId : undefined);
  const { doses, taken } = useDoseTaken(shared.record ? userId : undefined);
  // Without a dose today, whether a medicine is active tells "nothing more today" from none.
  const medications = useMedications(shared.record && doses?.length === 0 ? userId : undefined);
  const activeMedications =
    medications.data === undefined ||
    medications.data.some((medication) => medication.status === 'active');
  const joinVisit = useSteadyHandler(useJoinVisit());
  const next = useNextAppointment(shared.visits);
  const appointmentActions = useAppointmentActions();
  const checkIn = useSteadyHandler(appointmentActions.checkIn);
  const cancelAppointment = useSteadyHandler(appointmentActions.cancel);
  const doseTaken = useSteadyHandler(taken);
  // A failed load shows the invitation rather than a placeholder that never ends.
  const conversation = latestConversation.isPending ? 'loading' : (latestConversation.data ?? null);
  const shownVitals = useMemo(
    () => (vitals.data ? latestVitals(vitals.data) : 'loading'),
    [vitals.data],
  );
  const appointment = next.isPending ? 'loading' : (next.data ?? null);
  return (
    <PatientDashboard
      firstName={firstName}
      caringFor={caringFor}
      shared={shared}
      notShared={t('careCircle.caringFor.notGranted', { name: caringFor ?? '' })}
      latestConversation={conversation}
      vitals={shownVitals}
      doses={
        doses === undefined || (doses.length === 0 && medications.isPending) ? 'loading' : doses
      }
      activeMedications={shared.record && activeMedications}
      onDoseTaken={doseTaken}
      onJoinVisit={joinVisit}
      // A failed load says nothing is booked rather than loading for ever; "Schedule" stays.
      appointment={appointment}
      appointmentBusy={appointmentActions.busy}
      onCheckIn={checkIn}
      onCancelAppointment={cancelAppointment}
    />
  );
}

// Homes of other roles than the patient's, whose code a patient's phone never needs.
const doctorQueue = preloadable<object>(() =>
  import('@/app/doctor-queue').then((module) => ({ default: module.DoctorQueue })),
);
const researcherHome = preloadable<object>(() =>
  import('@/app/researcher-home').then((module) => ({ default: module.ResearcherHomePage })),
);
const networkOverview = preloadable<object>(() =>
  import('@/app/superadmin-home').then((module) => ({ default: module.SuperadminHome })),
);

/**
 * What the signed-in person's home needs, asked for once who is signed in is known: a
 * patient's latest conversation, readings and today's doses, another role's home's code.
 */
export function prefetch(queryClient: QueryClient) {
  void queryClient
    .query(sessionQueryOptions)
    .then(async (me) => {
      if (!me?.profile?.first_name) return;
      // Caring for someone, what they granted is known only once the shell has asked.
      if (me.role === 'patient' && currentActingFor() === null) {
        await Promise.all([
          queryClient.query(conversationsQueryOptions()),
          queryClient.query(vitalsQueryOptions(me.user.id)),
          queryClient.query(dosesQueryOptions(me.user.id)),
          queryClient.query(nextAppointmentQueryOptions),
        ]);
      }
      if (me.role === 'doctor') await doctorQueue.preload();
      if (me.role === 'superadmin') await networkOverview.preload();
      if (me.role === 'researcher') await researcherHome.preload();
    })
    .catch(() => undefined);
}

/** `/`: each role's own home; without a first name, onboarding comes first. */
export default function HomePage() {
  const session = useSession();
  const me = session.data;
  const actingFor = useActingFor();
  const person = useActingForPerson();
  // The protected shell renders pages only with a session.
  if (!me) return null;
  const firstName = me.profile?.first_name;
  if (!firstName) return <Redirect to="/onboarding" replace />;

  // The server always names a role; a body without one still gets a home.
  const role = roleSchema.safeParse(me.role);
  if (!role.success) return <NoRoleWelcome />;
  switch (role.data) {
    case 'patient':
      if (actingFor !== null) {
        // Their list not in yet: nothing of theirs is asked before what they granted is known.
        if (person === null) return null;
        return <PatientHome firstName={firstName} userId={actingFor} caringFor={person.name} />;
      }
      return <PatientHome firstName={firstName} userId={me.user.id} />;
    case 'doctor':
      return <doctorQueue.Component />;
    case 'superadmin':
      return <networkOverview.Component />;
    case 'researcher':
      return <researcherHome.Component />;
    case 'manager':
    case 'admin':
      return <ComingSoon />;
  }
}
