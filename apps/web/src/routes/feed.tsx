import type { FeedVideo } from '@adreel/domain';
import { lazy, Suspense, useState } from 'react';
import { FeedView } from '@/features/feed/components/feed-view';
import { useDocumentTitle } from '@/lib/use-document-title';

// Loaded when someone reports: it brings the reason's rules (zod) with it.
const ReportDialog = lazy(() => import('@/features/reports/components/report-dialog'));

/** /feed (SPEC.md §2): the feed, and the report dialog its '...' menu opens. */
export default function FeedPage() {
  useDocumentTitle('Feed');
  const [reporting, setReporting] = useState<FeedVideo | null>(null);
  return (
    <>
      <FeedView onReport={setReporting} />
      {reporting && (
        <Suspense fallback={null}>
          <ReportDialog
            video={reporting}
            open
            onOpenChange={(open) => {
              if (!open) setReporting(null);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
