import { ListChecks } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function AdminWhitelistPage() {
  return (
    <ComingSoon
      title="Whitelist"
      icon={ListChecks}
      description="Manage whitelisted emails and approve pending access requests."
    />
  );
}
