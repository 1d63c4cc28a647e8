import { Redirect } from 'wouter';
import { ClinicSettingsScreen } from '@/features/clinic-settings/components/clinic-settings-screen';
import { useSession } from '@/lib/session';

/** `/settings`: a clinic administrator's settings of their clinic. */
export default function SettingsPage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'admin') return <Redirect to="/" replace />;
  return <ClinicSettingsScreen />;
}
