import { Clapperboard } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function CreatorVideosPage() {
  return (
    <ComingSoon
      title="My Videos"
      icon={Clapperboard}
      description="Every video you have uploaded, with its review status, views and likes."
    />
  );
}
