import { Megaphone } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function BriefsPage() {
  return (
    <ComingSoon
      title="Campaign Briefs"
      icon={Megaphone}
      description="Open campaigns from brands, with budget, payout and deadline, for creators to apply to."
    />
  );
}
