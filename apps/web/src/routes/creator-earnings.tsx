import { Wallet } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function CreatorEarningsPage() {
  return (
    <ComingSoon
      title="Earnings"
      icon={Wallet}
      description="Your total earnings, what has been paid out, and every transaction from your campaigns."
    />
  );
}
