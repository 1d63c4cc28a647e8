import { useParams } from 'wouter';
import { StaffInvitationScreen } from '@/features/people/components/staff-invitation-screen';

/** `/staff-invitation/:token`: the link a staff invitation's mail carries. */
export default function StaffInvitationPage() {
  const { token } = useParams<{ token: string }>();
  return <StaffInvitationScreen token={token.trim().toUpperCase()} />;
}
