import { ShieldCheck } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function AdminPage() {
  return (
    <ComingSoon
      title="Admin Dashboard"
      icon={ShieldCheck}
      description="Review pending videos and reports, feature the best ads, and run the platform tools."
    />
  );
}
