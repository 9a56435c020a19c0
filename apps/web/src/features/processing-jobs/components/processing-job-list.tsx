import { countNewestFirst, type ProcessingJob } from '@adreel/domain';
import { CircleCheck, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { useProcessingJobs, useRetryProcessingJob } from '../api/processing-jobs';

function JobRow({ job, onRetry }: { job: ProcessingJob; onRetry: (job: ProcessingJob) => void }) {
  const title = job.videoTitle ?? 'Deleted video';
  return (
    <li className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-start sm:px-6">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="font-semibold break-words">{title}</span>
          <span
            className={
              job.state === 'failed'
                ? 'rounded-full bg-red-50 px-2 py-px text-xs font-medium text-red-800'
                : 'rounded-full bg-amber-50 px-2 py-px text-xs font-medium text-amber-900'
            }
          >
            {job.state === 'failed' ? 'Failed' : 'Stuck'}
          </span>
        </div>
        <p className="mt-0.5 text-sm text-muted-foreground">
          {job.creator ? `By ${job.creator} · ` : ''}
          Attempts {job.attempts} of {job.maxAttempts} ·{' '}
          <time dateTime={job.at} title={formatDateTime(job.at)}>
            {formatRelative(job.at)}
          </time>
        </p>
        <p className="mt-2 text-sm break-words">{job.reason ?? 'No reason recorded'}</p>
      </div>
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => onRetry(job)}
        aria-label={`Retry ${title}`}
      >
        <RotateCw /> Retry
      </Button>
    </li>
  );
}

/** /admin/jobs: video processing that failed for good or is stuck, with a retry (issue 17). */
export function ProcessingJobList() {
  const list = useProcessingJobs();
  const retry = useRetryProcessingJob();
  const [asked, setAsked] = useState<ProcessingJob | null>(null);

  useEffect(() => {
    if (list.isError) toast.error('Error loading jobs');
  }, [list.isError]);

  function confirm() {
    if (!asked) return;
    retry.mutate(asked.id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) =>
        toast.error(error instanceof ApiError ? error.message : 'The job could not be retried'),
      onSettled: () => setAsked(null),
    });
  }

  const jobs = list.data?.jobs ?? [];
  return (
    <>
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {list.isSuccess && jobs.length > 0 && countNewestFirst(jobs.length, 'job', 'jobs')}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          <RotateCw className={list.isFetching ? 'animate-spin' : undefined} /> Refresh
        </Button>
      </div>
      <Card className="overflow-hidden">
        {list.isPending ? (
          <div className="flex flex-col divide-y divide-border">
            <span className="sr-only" role="status">
              Loading jobs
            </span>
            {[0, 1, 2].map((i) => (
              <div key={i} className="flex flex-col gap-2 px-6 py-4">
                <Skeleton className="h-4 w-64 max-w-full" />
                <Skeleton className="h-3 w-40" />
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <QueryError
            error={list.error}
            title="The jobs can't be loaded right now"
            className="m-6"
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : jobs.length === 0 ? (
          <StateMessage
            icon={CircleCheck}
            title="No failed or stuck jobs"
            description="Video processing that fails for good or stops halfway shows up here."
            className="m-6"
          />
        ) : (
          <ul className="divide-y divide-border">
            {jobs.map((job) => (
              <JobRow key={job.id} job={job} onRetry={setAsked} />
            ))}
          </ul>
        )}
      </Card>
      <ConfirmDialog
        open={asked !== null}
        title="Retry processing?"
        description={
          <p>
            “{asked?.videoTitle ?? 'Deleted video'}” is processed again from its original upload.
            The retry is written to the audit log.
          </p>
        }
        confirmLabel="Retry"
        pending={retry.isPending}
        onConfirm={() => confirm()}
        onCancel={() => setAsked(null)}
      />
    </>
  );
}
