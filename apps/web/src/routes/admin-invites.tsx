import { Ticket } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function AdminInvitesPage() {
  return (
    <ComingSoon
      title="Invites"
      icon={Ticket}
      description="Generate invite codes and see which are active, used or expired."
    />
  );
}
