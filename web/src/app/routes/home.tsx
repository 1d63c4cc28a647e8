import { Redirect } from 'wouter';
import { roleSchema } from '@shared/role';
import { useLatestConversation } from '@/features/messaging/api/use-latest-conversation';
import { PatientDashboard } from '@/features/patient-home/components/patient-dashboard';
import { QueueScreen } from '@/features/queue/components/queue-screen';
import { useSession } from '@/lib/session';
import { ComingSoon, NoRoleWelcome } from '@/features/staff/components/role-placeholders';
import { NetworkOverview } from '@/features/staff/components/staff-dashboards';

/** The patient's dashboard with their most recent conversation on its card. */
function PatientHome({ firstName }: { firstName: string }) {
  const latestConversation = useLatestConversation();
  // A failed load shows the invitation rather than a placeholder that never ends.
  const conversation = latestConversation.isPending ? 'loading' : (latestConversation.data ?? null);
  return <PatientDashboard firstName={firstName} latestConversation={conversation} />;
}

/** `/`: each role's own home; without a first name, onboarding comes first. */
export default function HomePage() {
  const session = useSession();
  const me = session.data;
  // The protected shell renders pages only with a session.
  if (!me) return null;
  const firstName = me.profile?.first_name;
  if (!firstName) return <Redirect to="/onboarding" replace />;

  // The server always names a role; a body without one still gets a home.
  const role = roleSchema.safeParse(me.role);
  if (!role.success) return <NoRoleWelcome />;
  switch (role.data) {
    case 'patient':
      return <PatientHome firstName={firstName} />;
    case 'doctor':
      return <QueueScreen />;
    case 'superadmin':
      return <NetworkOverview />;
    case 'manager':
    case 'admin':
    case 'researcher':
      return <ComingSoon />;
  }
}
