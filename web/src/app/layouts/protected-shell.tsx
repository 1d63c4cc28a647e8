import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { BottomNav } from '@/components/layout/bottom-nav';
import { OfflineBanner } from '@/components/layout/offline-banner';
import { PageLoading } from '@/components/layout/page-loading';
import { ClinicBadge } from '@/features/device/components/clinic-badge';
import { DoctorWaitingBar } from '@/features/patient-home/components/doctor-waiting-bar';
import { PendingUploadsBadge } from '@/features/uploads/components/pending-uploads-badge';
import { useUploadSync } from '@/features/uploads/upload-sync';
import { useVisitsPush } from '@/features/visits/push/use-visits-push';
import { useActiveEncounterSync } from '@/features/visits/use-active-encounter-sync';
import { useDoctorIsWaiting } from '@/lib/active-encounter';
import { useSession } from '@/lib/session';
import { useCurrentRole } from '@/lib/use-current-role';
import { ModeBanner } from './mode-banner';

const loadCameraSheet = () => import('./camera-sheet');

// The capture overlay and its dialog code stay out of the first screen's JavaScript.
const CameraSheet = lazy(() =>
  loadCameraSheet().then((module) => ({ default: module.CameraSheet })),
);

/**
 * Fetches the camera sheet once the page has loaded, so it is at hand when a patient
 * opens the camera later without a connection: photos are meant to be taken offline.
 */
function usePrefetchedCameraSheet(wanted: boolean) {
  useEffect(() => {
    if (!wanted) return;
    const prefetch = () => void loadCameraSheet().catch(() => undefined);
    if (document.readyState === 'complete') {
      prefetch();
      return;
    }
    window.addEventListener('load', prefetch, { once: true });
    return () => window.removeEventListener('load', prefetch);
  }, [wanted]);
}

/** Every protected route sits in here: it needs a session, nothing more. */
export default function ProtectedShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const role = useCurrentRole();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraUsed, setCameraUsed] = useState(false);
  const doctorIsWaiting = useDoctorIsWaiting();
  const [location] = useLocation();
  const signedIn = Boolean(session.data);
  // Visits are pushed to patients and doctors; the patient's open visit comes from the server.
  useVisitsPush(signedIn && (role === 'patient' || role === 'doctor'));
  useActiveEncounterSync(signedIn && role === 'patient');
  // The visit's own page shows its prompts and the call itself.
  const onVisitPage = location.startsWith('/visit/');
  usePrefetchedCameraSheet(role === 'patient');
  // Photos taken on this device are sent for the signed-in patient only.
  useUploadSync(role === 'patient' ? (session.data?.user.id ?? null) : null);

  // Query hears of a returning connection only if it saw it go: a page opened offline
  // asks for the session again itself when the connection comes.
  const { isError: sessionFailed, refetch: refetchSession } = session;
  useEffect(() => {
    if (!sessionFailed) return;
    const retry = () => void refetchSession();
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [sessionFailed, refetchSession]);

  if (session.isPending) return <PageLoading />;
  // Only the server's "no session" signs out. A session that could not be checked (no
  // connection) keeps the shell and its offline banner; the page and the navigation wait
  // for it, and it is asked for again when the connection returns.
  if (session.data === null) return <Redirect to="/login" replace />;
  const patient = signedIn && role === 'patient';

  return (
    <div className="flex min-h-dvh flex-col">
      <div className="sticky top-0 z-30">
        <ModeBanner />
        <ClinicBadge />
        <OfflineBanner />
        {patient && <PendingUploadsBadge />}
      </div>
      <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-28">
        {signedIn ? <Suspense fallback={<PageLoading />}>{children}</Suspense> : <PageLoading />}
      </main>
      {signedIn && (
        <BottomNav
          role={role}
          onOpenCamera={() => {
            setCameraUsed(true);
            setCameraOpen(true);
          }}
          cameraAttention={doctorIsWaiting && !onVisitPage}
        />
      )}
      {patient && !onVisitPage && <DoctorWaitingBar />}
      {patient && cameraUsed && (
        <Suspense fallback={null}>
          <CameraSheet open={cameraOpen} onOpenChange={setCameraOpen} />
        </Suspense>
      )}
    </div>
  );
}
