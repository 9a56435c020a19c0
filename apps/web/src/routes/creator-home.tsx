import { LayoutDashboard } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function CreatorHomePage() {
  return (
    <ComingSoon
      title="Creator Home"
      icon={LayoutDashboard}
      description="Your videos, views, likes and earnings at a glance, with shortcuts to upload and to open campaigns."
    />
  );
}
