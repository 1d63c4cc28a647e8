import { ResearchPortal } from '@/features/research/components/research-portal';

export default function ResearchPage() {
  return <ResearchPortal />;
}
