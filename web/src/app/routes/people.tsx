import { Redirect } from 'wouter';
import { PeopleScreen } from '@/features/people/components/people-screen';
import { useSession } from '@/lib/session';

/** `/people`: an admin's clinic's people, the superadmin's everyone. */
export default function PeoplePage() {
  const me = useSession().data;
  if (!me) return null;
  if (me.role !== 'admin' && me.role !== 'superadmin') return <Redirect to="/" replace />;
  return <PeopleScreen myRole={me.role} myId={me.user.id} />;
}
