import { DoctorQueue } from '@/app/doctor-queue';

export default function QueuePage() {
  return <DoctorQueue />;
}
