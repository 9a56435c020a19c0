import {
  type CreatorSubmission,
  formatWholeDollars,
  type SubmissionStatus,
  VIDEO_TEXTS,
} from '@adreel/domain';
import { QueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate } from '@/lib/format-time';
import { useCreatorSubmissions } from '../api/get-creator-submissions';

/** SPEC.md §4 submission statuses, as the creator reads them. */
const STATUS: Record<
  SubmissionStatus,
  { label: string; variant: 'default' | 'secondary' | 'destructive' }
> = {
  submitted: { label: 'Waiting for the brand', variant: 'secondary' },
  approved_by_brand: { label: 'Approved', variant: 'default' },
  rejected_by_brand: { label: VIDEO_TEXTS.notSelected, variant: 'destructive' },
  rejected_by_admin: { label: VIDEO_TEXTS.removedByModeration, variant: 'destructive' },
};

function Entry({ entry: e }: { entry: CreatorSubmission }) {
  const status = STATUS[e.status];
  return (
    <li className="flex flex-col gap-1 py-3.5 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-semibold leading-snug text-balance">{e.campaign.title}</p>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="truncate text-[0.8125rem] text-muted-foreground">
        {e.video.title} · {formatWholeDollars(e.campaign.payoutPerVideoCents)} payout ·{' '}
        <time dateTime={e.createdAt}>{formatDate(e.createdAt)}</time>
      </p>
      {e.rejectionReason && (
        <p className="rounded-xl bg-muted px-3 py-2 text-[0.8125rem] text-pretty">
          <span className="font-semibold">The brand said:</span> {e.rejectionReason}
        </p>
      )}
    </li>
  );
}

/** The creator's campaign entries and what each brand decided, with its reason if it gave one. */
export function CampaignEntries() {
  const entries = useCreatorSubmissions();
  if (entries.isError)
    return (
      <QueryError
        error={entries.error}
        title="Error loading your campaign entries"
        onRetry={() => void entries.refetch()}
        retrying={entries.isFetching}
      />
    );
  if (entries.isPending)
    return (
      <div
        className="rounded-3xl border border-border bg-card p-5"
        role="status"
        aria-label="Loading campaign entries"
      >
        <Skeleton className="h-5 w-1/2" />
        <Skeleton className="mt-2 h-4 w-1/3" />
      </div>
    );
  if (entries.data.length === 0) return null;
  return (
    <section aria-labelledby="entries-title" className="flex flex-col gap-4">
      <h2 id="entries-title" className="text-lg font-bold tracking-tight">
        Campaign entries
      </h2>
      <div className="rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
        <ul aria-label="Campaign entries" className="divide-y divide-border">
          {entries.data.map((entry) => (
            <Entry key={entry.id} entry={entry} />
          ))}
        </ul>
      </div>
    </section>
  );
}
