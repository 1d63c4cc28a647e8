import { LogOutButton } from '@/features/auth/components/log-out-button';
import { ResearcherHome } from '@/features/research/components/researcher-home';
import { addResearchHomeStrings } from '@/features/research/home/research-home-strings';
import { useSession } from '@/lib/session';

addResearchHomeStrings();

/** The researcher's home, with the Log out button: its own chunk, which a patient never loads. */
export function ResearcherHomePage() {
  const firstName = useSession().data?.profile?.first_name ?? '';
  return <ResearcherHome firstName={firstName} logOut={<LogOutButton />} />;
}
