import { useParams } from 'wouter';
import { InvitationScreen } from '@/features/care-circle/components/invitation-screen';

/** `/care-invitation/:token`: the link an invitation mail carries. */
export default function CareInvitationPage() {
  const { token } = useParams<{ token: string }>();
  return <InvitationScreen token={token.trim().toUpperCase()} />;
}
