import { SCREEN_TITLES } from '@adreel/domain';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { InviteGenerator } from '@/features/invites/components/invite-generator';
import { InviteList } from '@/features/invites/components/invite-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/invites (SPEC.md §2): generate codes and follow what became of them. */
export default function AdminInvitesPage() {
  useDocumentTitle(SCREEN_TITLES.invites);
  const [freshIds, setFreshIds] = useState<string[]>([]);
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={SCREEN_TITLES.invites}
        description="Invite codes let people past the private-beta gate. A code works once, until it expires."
      />
      <InviteGenerator onCreated={(invites) => setFreshIds(invites.map((i) => i.id))} />
      <InviteList freshIds={freshIds} />
    </div>
  );
}
