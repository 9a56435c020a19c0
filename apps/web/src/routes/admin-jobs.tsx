import { SCREEN_TITLES } from '@adreel/domain';
import { PageHeader } from '@/components/page-header';
import { ProcessingJobList } from '@/features/processing-jobs/components/processing-job-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin/jobs (issue 17 item 5): failed and stuck video processing, with a retry. */
export default function AdminJobsPage() {
  useDocumentTitle(SCREEN_TITLES.failedJobs);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-5 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={SCREEN_TITLES.failedJobs}
        description="Video processing that failed for good or whose worker stopped. Retry once the cause is fixed."
      />
      <ProcessingJobList />
    </div>
  );
}
