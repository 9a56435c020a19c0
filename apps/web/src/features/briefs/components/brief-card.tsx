import { formatWholeDollars, type PublicCampaign, todayUtc } from '@adreel/domain';
import { ArrowRight, CalendarDays, Users, Wallet } from 'lucide-react';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** A deadline within this many days reads "Closing soon". */
const CLOSING_SOON_DAYS = 3;

function daysUntil(deadline: string, today: string): number {
  return Math.round(
    (Date.parse(`${deadline}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

export function deadlineText(deadline: string | null, today: string = todayUtc()): string {
  if (!deadline) return 'No deadline';
  const days = daysUntil(deadline, today);
  if (days <= 0) return 'Ends today';
  if (days === 1) return 'Ends tomorrow';
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${deadline}T00:00:00Z`),
  );
}

/** SPEC.md §2 Briefs: brand, title, status badge, description, tags, budget, deadline, submissions. */
export function BriefCard({
  campaign: c,
  onApply,
}: {
  campaign: PublicCampaign;
  onApply: (campaign: PublicCampaign) => void;
}) {
  const closingSoon = c.deadline !== null && daysUntil(c.deadline, todayUtc()) <= CLOSING_SOON_DAYS;
  return (
    <li className="flex min-w-0 flex-col gap-4 rounded-3xl border border-border bg-card p-5 shadow-card">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2.5">
          <Avatar name={c.brand.name} photoUrl={null} className="size-8 text-sm" />
          <p className="truncate text-sm font-semibold">{c.brand.name}</p>
        </div>
        <Badge variant={closingSoon ? 'secondary' : 'default'}>
          {closingSoon ? 'Closing soon' : 'Open'}
        </Badge>
      </div>
      <div className="flex flex-col gap-1.5">
        <h2 className="text-lg font-bold leading-snug tracking-tight text-balance wrap-anywhere">
          {c.title}
        </h2>
        {c.description && (
          <p className="line-clamp-4 text-sm text-pretty text-muted-foreground wrap-anywhere">
            {c.description}
          </p>
        )}
      </div>
      {c.tags.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {c.tags.map((tag) => (
            <li key={tag}>
              <Badge variant="outline" className="max-w-full wrap-anywhere whitespace-normal">
                #{tag}
              </Badge>
            </li>
          ))}
        </ul>
      )}
      {/* Three figures side by side while they fit; narrower (a laptop with the drawer docked), they
          wrap to a second row instead of spilling out of the box. */}
      <dl className="mt-auto grid grid-cols-[repeat(auto-fit,minmax(min(100%,6.75rem),1fr))] gap-x-2 gap-y-3 rounded-2xl bg-muted p-3 text-[0.8125rem]">
        <div className="flex flex-col gap-0.5">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Wallet className="size-3.5" aria-hidden="true" /> Budget
          </dt>
          <dd className="font-bold tabular-nums">{formatWholeDollars(c.budgetTotalCents)}</dd>
          <dd className="text-muted-foreground tabular-nums">
            {formatWholeDollars(c.payoutPerVideoCents)}/video
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <CalendarDays className="size-3.5" aria-hidden="true" /> Deadline
          </dt>
          <dd className="font-bold">{deadlineText(c.deadline)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Users className="size-3.5" aria-hidden="true" /> Submissions
          </dt>
          <dd className="font-bold tabular-nums">{c.submissionCount}</dd>
        </div>
      </dl>
      <Button onClick={() => onApply(c)} aria-label={`Apply to Campaign: ${c.title}`}>
        Apply to Campaign <ArrowRight />
      </Button>
    </li>
  );
}

export function BriefCardSkeleton() {
  return (
    <li className="flex flex-col gap-4 rounded-3xl border border-border p-5">
      <Skeleton className="h-8 w-1/2" />
      <Skeleton className="h-6 w-3/4" />
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-16 w-full rounded-2xl" />
      <Skeleton className="h-10 w-full" />
    </li>
  );
}
