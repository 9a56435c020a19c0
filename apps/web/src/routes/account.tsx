import { KeyRound } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function AccountPage() {
  return (
    <ComingSoon
      title="Account"
      icon={KeyRound}
      description="Change your password and set up two-factor sign-in and passkeys."
    />
  );
}
