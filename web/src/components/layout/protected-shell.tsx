import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { ClinicBadge } from '@/features/device/components/clinic-badge';
import { useDoctorIsWaiting } from '@/features/encounter/active-encounter';
import { useSession } from '@/features/session/api/get-session';
import { useCurrentRole } from '@/features/session/use-current-role';
import { PendingUploadsBadge } from '@/features/uploads/components/pending-uploads-badge';
import { useUploadSync } from '@/features/uploads/upload-sync';
import { BottomNav } from './bottom-nav';
import { ModeBanner } from './mode-banner';
import { OfflineBanner } from './offline-banner';
import { PageLoading } from './page-loading';

// The capture overlay and its dialog code come when the patient first opens the camera.
const CameraSheet = lazy(() =>
  import('./camera-sheet').then((module) => ({ default: module.CameraSheet })),
);

/** Every protected route sits in here: it needs a session, nothing more (spec point 6). */
export default function ProtectedShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const role = useCurrentRole();
  const [cameraOpen, setCameraOpen] = useState(false);
  const [cameraUsed, setCameraUsed] = useState(false);
  const doctorIsWaiting = useDoctorIsWaiting();
  // Photos taken on this device are sent for the signed-in patient only.
  useUploadSync(role === 'patient' ? (session.data?.user.id ?? null) : null);

  if (session.isPending) return <PageLoading />;
  if (!session.data) return <Redirect to="/login" replace />;

  return (
    <div className="flex min-h-dvh flex-col">
      <div className="sticky top-0 z-30">
        <ModeBanner />
        <ClinicBadge />
        <OfflineBanner />
        {role === 'patient' && <PendingUploadsBadge />}
      </div>
      <main className="mx-auto w-full max-w-xl flex-1 px-4 pt-4 pb-28">
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <BottomNav
        role={role}
        onOpenCamera={() => {
          setCameraUsed(true);
          setCameraOpen(true);
        }}
        cameraAttention={doctorIsWaiting}
      />
      {role === 'patient' && cameraUsed && (
        <Suspense fallback={null}>
          <CameraSheet open={cameraOpen} onOpenChange={setCameraOpen} />
        </Suspense>
      )}
    </div>
  );
}
