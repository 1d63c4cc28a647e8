import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { BottomNav } from '@/components/layout/bottom-nav';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { PageLoading } from '@/components/layout/page-loading';
import { Button } from '@/components/ui/button';
import {
  ActingForBar,
  CaringForSwitch,
  GrantedOnly,
} from '@/features/care-circle/components/caring-for-switch';
import { ClinicBadge } from '@/features/device/components/clinic-badge';
import { DoctorWaitingBar } from '@/features/patient-home/components/doctor-waiting-bar';
import { useLanguageSync } from '@/features/notifications/use-language-sync';
import { PendingUploadsBadge } from '@/features/uploads/components/pending-uploads-badge';
import { useVisitsPush } from '@/features/visits/push/use-visits-push';
import { useActiveEncounterSync } from '@/features/visits/use-active-encounter-sync';
import { useActingFor } from '@/lib/acting-for';
import { useDoctorIsWaiting } from '@/lib/active-encounter';
import { cameraSheetOpen, openCameraSheet } from '@/lib/open-camera';
import { useStore } from '@/lib/create-store';
import { useScreenSettled } from '@/lib/first-screen';
import { useSession } from '@/lib/session';
import { useCurrentRole } from '@/lib/use-current-role';
import type { CarePermission } from '@shared/care-circle';
import { ModeBanner } from './mode-banner';
import { useAccountData } from './use-account-data';
import { useCareAccess } from './use-care-access';
import { useOutboxDelivery } from './use-outbox-delivery';

const loadCameraSheet = () => import('./camera-sheet');

// The capture overlay and its dialog code stay out of the first screen's JavaScript.
const CameraSheet = lazy(() =>
  loadCameraSheet().then((module) => ({ default: module.CameraSheet })),
);

/**
 * Fetches the camera sheet once the first screen and its data are up, so it is at hand when a
 * patient opens the camera later without a connection (photos are meant to be taken offline),
 * without competing with the first screen on a slow line.
 */
function usePrefetchedCameraSheet(wanted: boolean) {
  const settled = useScreenSettled();
  useEffect(() => {
    if (wanted && settled) void loadCameraSheet().catch(() => undefined);
  }, [wanted, settled]);
}

function SessionFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="grid justify-items-center gap-4 px-4 py-16 text-center">
      <p>{t('pageFailed.message')}</p>
      <Button variant="secondary" onClick={retry}>
        {t('pageFailed.retry')}
      </Button>
    </div>
  );
}

/**
 * What a page of a patient's record needs the person cared for to have granted: their record
 * (Health and its readings), adding a reading (a guardian's only), writing to their care team,
 * booking and joining their visits. Every other page is the account's own or shows only what
 * the server answers for them.
 */
function permissionFor(location: string): CarePermission | 'add-to-record' | null {
  if (location === '/health/vitals/new') return 'add-to-record';
  if (location === '/health' || location.startsWith('/health/')) return 'record';
  if (location === '/messages' || location.startsWith('/messages/')) return 'message';
  if (location.startsWith('/appointments/') || location.startsWith('/visit/')) return 'visits';
  return null;
}

/** Every protected route sits in here: it needs a session, nothing more. */
export default function ProtectedShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const role = useCurrentRole();
  const cameraOpen = useStore(cameraSheetOpen);
  // The sheet's code is drawn from its first opening on, so it closes with its animation.
  const [cameraUsed, setCameraUsed] = useState(false);
  if (cameraOpen && !cameraUsed) setCameraUsed(true);
  const doctorIsWaiting = useDoctorIsWaiting();
  const [location] = useLocation();
  const signedIn = Boolean(session.data);
  // Visits are pushed to patients and doctors; the patient's open visit comes from the server.
  useVisitsPush(signedIn && (role === 'patient' || role === 'doctor'));
  useActiveEncounterSync(signedIn && role === 'patient');
  // The visit's own page shows its prompts and the call itself.
  const onVisitPage = location.startsWith('/visit/');
  usePrefetchedCameraSheet(role === 'patient');
  // What anyone did on this device and the server has yet to take: messages, photos, profile.
  useOutboxDelivery(session.data?.user.id ?? null);
  useAccountData(session.data?.user.id ?? null, session.data === undefined);
  // Texts and push messages to a closed phone are written in the account's language.
  useLanguageSync(session.data?.user.id ?? null);
  // Whom a patient cares for, and erasing from the device whoever they no longer may.
  const caredFor = useCareAccess(session.data?.user.id ?? null, role === 'patient');
  const actingFor = useActingFor();
  const actingForPerson = caredFor.find((person) => person.patientId === actingFor);
  const permission = permissionFor(location);

  if (session.data === null) return <Redirect to="/login" replace />;

  const banners = (
    <div className="sticky top-0 z-30">
      <ModeBanner />
      <ClinicBadge />
      <OfflineBanner />
      {role === 'patient' && session.data && <PendingUploadsBadge />}
      {role === 'patient' && session.data && actingForPerson && (
        <ActingForBar userId={session.data.user.id} person={actingForPerson} />
      )}
    </div>
  );

  if (!session.data) {
    // Offline, the question waits for the connection (and the last known data shows as soon
    // as it is read); the server refusing to say is worth another try.
    return (
      <div className="flex min-h-dvh flex-col">
        {banners}
        {session.isError ? <SessionFailed retry={() => void session.refetch()} /> : <PageLoading />}
      </div>
    );
  }

  return (
    <div className="flex min-h-dvh flex-col">
      {banners}
      {role === 'patient' && <CaringForSwitch userId={session.data.user.id} people={caredFor} />}
      {/* A new person's record draws from scratch: nothing of the last one's stays on screen. */}
      <main key={actingFor ?? ''} className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-28">
        <Suspense fallback={<PageLoading />}>
          {role === 'patient' && permission !== null ? (
            <GrantedOnly permission={permission}>{children}</GrantedOnly>
          ) : (
            children
          )}
        </Suspense>
      </main>
      <BottomNav
        role={role}
        onOpenCamera={openCameraSheet}
        cameraAttention={doctorIsWaiting && !onVisitPage}
      />
      {role === 'patient' && !onVisitPage && <DoctorWaitingBar />}
      {role === 'patient' && cameraUsed && (
        <Suspense fallback={null}>
          <CameraSheet open={cameraOpen} onOpenChange={cameraSheetOpen.set} />
        </Suspense>
      )}
    </div>
  );
}
