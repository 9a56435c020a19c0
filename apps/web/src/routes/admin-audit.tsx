import { SCREEN_TITLES } from '@adreel/domain';
import { PageHeader } from '@/components/page-header';
import { AuditLog } from '@/features/audit/components/audit-log';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/audit (issue 7): every admin and brand money action, with who, what, target and when. */
export default function AdminAuditPage() {
  useDocumentTitle(SCREEN_TITLES.auditLog);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-5 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={SCREEN_TITLES.auditLog}
        description="Who did what, to which target and when. Entries can't be changed or deleted."
      />
      <AuditLog />
    </div>
  );
}
