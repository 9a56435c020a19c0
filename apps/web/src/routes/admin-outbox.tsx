import { SCREEN_TITLES } from '@adreel/domain';
import { PageHeader } from '@/components/page-header';
import { OutboxList } from '@/features/outbox/components/outbox-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/outbox (DESIGN.md §3): the mail the app has written, readable as plain text. */
export default function AdminOutboxPage() {
  useDocumentTitle(SCREEN_TITLES.outbox);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={SCREEN_TITLES.outbox}
        description="Every mail the app has written: verification links, password resets, approvals and digests."
      />
      <OutboxList />
    </div>
  );
}
