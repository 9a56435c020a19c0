import { Sparkles } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function JoinPage() {
  return (
    <ComingSoon
      title="Join the Beta"
      icon={Sparkles}
      description="Request access to the private beta with your name, email and the role you want to join as."
    />
  );
}
