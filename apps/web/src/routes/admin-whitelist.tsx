import { SCREEN_TITLES } from '@adreel/domain';
import { useRef, useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { AccessRequestsList } from '@/features/whitelist/components/access-requests-list';
import {
  EMPTY_DRAFT,
  WhitelistAddForm,
  type WhitelistDraft,
} from '@/features/whitelist/components/whitelist-add-form';
import { WhitelistEntries } from '@/features/whitelist/components/whitelist-entries';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/whitelist (SPEC.md §2): add form, entries with remove, pending access requests. */
export default function AdminWhitelistPage() {
  useDocumentTitle(SCREEN_TITLES.whitelist);
  const [draft, setDraft] = useState<WhitelistDraft>(EMPTY_DRAFT);
  const emailRef = useRef<HTMLInputElement>(null);

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={SCREEN_TITLES.whitelist}
        description="Who may sign up without an invite code, and the people asking to join."
      />
      <div className="grid items-start gap-4 lg:grid-cols-2 lg:gap-6">
        <div className="flex min-w-0 flex-col gap-4 lg:gap-6">
          <WhitelistAddForm draft={draft} onDraftChange={setDraft} emailRef={emailRef} />
          <AccessRequestsList
            approvingId={draft.accessRequestId}
            onApprove={(request) => {
              setDraft({
                email: request.email,
                role: request.role,
                accessRequestId: request.id,
                requesterName: request.name,
                requestEmail: request.email,
              });
              const input = emailRef.current;
              input?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
              input?.focus({ preventScroll: true });
            }}
          />
        </div>
        <WhitelistEntries />
      </div>
    </div>
  );
}
