import { type MyReport, REPORT_REVIEW_HOURS } from '@adreel/domain';
import { Flag } from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { useMyReports } from '../api/get-my-reports';

const OUTCOME: Record<MyReport['status'], { label: string; className: string; says: string }> = {
  open: {
    label: 'Open',
    className: 'bg-amber-50 text-amber-900 ring-1 ring-amber-200',
    says: `Our team reviews reports within ${REPORT_REVIEW_HOURS} hours.`,
  },
  dismissed: {
    label: 'Dismissed',
    className: 'bg-muted text-muted-foreground',
    says: 'Reviewed: the video stays up.',
  },
  actioned: {
    label: 'Removed',
    className: 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200',
    says: 'Reviewed: the video was removed.',
  },
};

function ReportRow({ report }: { report: MyReport }) {
  const outcome = OUTCOME[report.status];
  return (
    <li className="flex flex-col gap-1.5 py-4 first:pt-0 last:pb-0">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">{report.videoTitle}</span>
        <Badge className={outcome.className}>{outcome.label}</Badge>
      </p>
      <p className="line-clamp-2 text-sm text-pretty break-words text-foreground/85">
        “{report.reason}”
      </p>
      <p className="text-[0.8125rem] text-muted-foreground">
        Reported{' '}
        <time dateTime={report.createdAt} title={formatDateTime(report.createdAt)}>
          {formatRelative(report.createdAt)}
        </time>
        {' · '}
        {outcome.says}
      </p>
    </li>
  );
}

/** The reporter's side (DESIGN.md §3): the reports you made and what came of each. */
export function MyReportsCard() {
  const reports = useMyReports();
  return (
    <Card asChild>
      <section aria-labelledby="my-reports-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="my-reports-title">Your reports</h2>
          </CardTitle>
          <CardDescription>Videos you reported, and what our team decided.</CardDescription>
        </CardHeader>
        <div className="p-6">
          {reports.isPending ? (
            <div className="flex flex-col gap-3">
              <span className="sr-only" role="status">
                Loading your reports
              </span>
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-64" />
            </div>
          ) : reports.isError ? (
            <QueryError
              variant="inline"
              error={reports.error}
              title="Your reports can't be loaded right now."
              onRetry={() => void reports.refetch()}
              retrying={reports.isFetching}
            />
          ) : reports.data.length === 0 ? (
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Flag className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>
                You haven't reported anything. If an ad breaks the{' '}
                <Link to="/guidelines" className="font-semibold text-primary hover:underline">
                  guidelines
                </Link>
                , use Report in its '...' menu on the feed.
              </span>
            </p>
          ) : (
            <ul className="divide-y divide-border">
              {reports.data.map((report) => (
                <ReportRow key={report.id} report={report} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
