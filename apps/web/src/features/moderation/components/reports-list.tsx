import {
  type AdminReport,
  FEED_MESSAGES,
  previewOf,
  REASON_MAX,
  VIDEO_TEXTS,
} from '@adreel/domain';
import { Check, CheckCircle2, Flag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { type ReportListStatus, useAdminReports } from '../api/get-admin-reports';
import { type ReportAction, useResolveReport } from '../api/resolve-report';
import { ListSkeleton } from './pending-videos';

const OUTCOME: Record<
  AdminReport['status'],
  { label: string; variant: 'secondary' | 'destructive' | 'outline' }
> = {
  open: { label: 'Open', variant: 'outline' },
  dismissed: { label: 'Dismissed', variant: 'secondary' },
  actioned: { label: VIDEO_TEXTS.removed, variant: 'destructive' },
};

function ReportCard({ report }: { report: AdminReport }) {
  const resolve = useResolveReport();
  const [confirming, setConfirming] = useState(false);
  const open = report.status === 'open';
  const outcome = OUTCOME[report.status];
  const title = report.video.title;

  function act(action: ReportAction, reason?: string) {
    // mutateAsync: the card leaves the open list when the report closes, and the toast must still say so.
    resolve.mutateAsync({ id: report.id, action, reason }).then(
      (answer) =>
        toast.success(
          answer.message ||
            (action === 'dismiss' ? FEED_MESSAGES.reportDismissed : FEED_MESSAGES.videoRemoved),
        ),
      (error: unknown) =>
        toast.error(
          serverMessage(
            error,
            action === 'dismiss' ? 'Failed to dismiss report' : 'Failed to remove video',
          ),
        ),
    );
  }

  return (
    <li className="flex min-w-0 gap-4 rounded-3xl border border-border bg-card p-3 shadow-card sm:p-4">
      <div className="aspect-[9/16] w-28 shrink-0 overflow-hidden rounded-2xl bg-ink sm:w-36">
        {report.video.fileUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: creators' ads carry no caption track to offer
          <video
            src={report.video.fileUrl}
            poster={report.video.thumbUrl ?? undefined}
            controls
            playsInline
            preload="none"
            className="size-full object-cover"
            aria-label={previewOf(title)}
          />
        ) : (
          <div className="grid size-full place-items-center px-2 text-center text-xs text-ink-muted">
            No preview
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-2 py-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="line-clamp-2 font-semibold leading-snug text-balance wrap-anywhere">
            {title}
          </h3>
          {!open && <Badge variant={outcome.variant}>{outcome.label}</Badge>}
        </div>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          {report.video.creator.displayName}{' '}
          <span className="text-muted-foreground">@{report.video.creator.username}</span>
        </p>
        <blockquote className="rounded-2xl bg-muted px-3 py-2 text-sm text-pretty wrap-anywhere">
          {report.reason}
        </blockquote>
        <p className="text-[0.8125rem] text-muted-foreground">
          Reported by{' '}
          <span className="font-semibold text-foreground">@{report.reporter.username}</span> ·{' '}
          <time dateTime={report.createdAt} title={formatDateTime(report.createdAt)}>
            {formatRelative(report.createdAt)}
          </time>
          {report.resolvedAt && (
            <>
              {' '}
              · closed{' '}
              <time dateTime={report.resolvedAt} title={formatDateTime(report.resolvedAt)}>
                {formatRelative(report.resolvedAt)}
              </time>
            </>
          )}
        </p>
        {open && (
          <div className="mt-auto flex flex-wrap gap-2 pt-1">
            <Button
              size="sm"
              variant="outline"
              disabled={resolve.isPending}
              aria-label={`Dismiss report on ${title}`}
              onClick={() => act('dismiss')}
            >
              {resolve.isPending && resolve.variables?.action === 'dismiss' ? (
                <Spinner />
              ) : (
                <Check />
              )}{' '}
              Dismiss
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={resolve.isPending}
              aria-label={`Remove video ${title}`}
              className="text-destructive hover:bg-red-50"
              onClick={() => setConfirming(true)}
            >
              {resolve.isPending && resolve.variables?.action === 'remove-video' ? (
                <Spinner />
              ) : (
                <Trash2 />
              )}{' '}
              Remove video
            </Button>
            <ConfirmDialog
              open={confirming}
              title="Remove this video?"
              description={
                <p>
                  “{title}” by @{report.video.creator.username} is rejected and leaves the feed and
                  leaderboards. Its files are deleted. The reporter is told by email, and so is the
                  creator, with your reason if you give one.
                </p>
              }
              reason={{
                label: 'Reason',
                maxLength: REASON_MAX,
                placeholder: 'e.g. Claims a health benefit it cannot back up.',
              }}
              confirmLabel="Remove video"
              confirmIcon={<Trash2 />}
              destructive
              onCancel={() => setConfirming(false)}
              onConfirm={(reason) => {
                setConfirming(false);
                act('remove-video', reason);
              }}
            />
          </div>
        )}
      </div>
    </li>
  );
}

function ReportList({ status }: { status: ReportListStatus }) {
  const reports = useAdminReports(status);
  if (reports.isPending) return <ListSkeleton />;
  if (reports.isError) {
    return (
      <QueryError
        error={reports.error}
        title={serverMessage(reports.error, 'Error loading reports')}
        onRetry={() => void reports.refetch()}
        retrying={reports.isFetching}
      />
    );
  }
  if (reports.data.length === 0) {
    return status === 'open' ? (
      <StateMessage
        icon={CheckCircle2}
        title="No open reports"
        description="Nothing reported is waiting for you."
      />
    ) : (
      <StateMessage
        icon={Flag}
        title="No closed reports yet"
        description="Reports you dismiss or act on are kept here."
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {reports.data.map((report) => (
        <ReportCard key={report.id} report={report} />
      ))}
    </ul>
  );
}

/** SPEC.md §2 Admin Dashboard, Reports: open reports to act on, and the closed ones with outcomes. */
export function ReportsPanel() {
  const [status, setStatus] = useState<ReportListStatus>('open');
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex w-fit rounded-full bg-muted p-1">
        <legend className="sr-only">Which reports</legend>
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
            className={cn(
              'cursor-pointer rounded-full px-4 py-1.5 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              status === value
                ? 'bg-background text-foreground shadow-card'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {value === 'open' ? 'Open' : 'Closed'}
          </button>
        ))}
      </fieldset>
      <ReportList status={status} />
    </div>
  );
}
