import { UserRound } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function ProfilePage() {
  return (
    <ComingSoon
      title="Creator Profile"
      icon={UserRound}
      description="A creator's videos, views, likes and earnings in one place."
    />
  );
}
