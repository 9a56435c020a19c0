import { CirclePlay } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function FeedPage() {
  return (
    <ComingSoon
      title="Feed"
      icon={CirclePlay}
      description="A full-screen vertical feed of approved ads, one per screen, to watch, like, save and share."
    />
  );
}
