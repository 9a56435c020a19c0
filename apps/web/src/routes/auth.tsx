import { LogIn } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function AuthPage() {
  return (
    <ComingSoon
      title="Sign In"
      icon={LogIn}
      description="Sign in with your email and password, or create an account with your invite code."
    />
  );
}
