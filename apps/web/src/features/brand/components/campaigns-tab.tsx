import { type BrandCampaign, COMMON_TEXTS, formatWholeDollars } from '@adreel/domain';
import { CalendarDays, Megaphone, Users } from 'lucide-react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useBrandCampaigns } from '../api/get-brand-campaigns';
import { useSetCampaignStatus } from '../api/set-campaign-status';
import { AVAILABILITY, formatDeadline } from '../lib/labels';
import { CreateCampaignDialog } from './create-campaign-dialog';

function CampaignCard({ campaign: c, showBrand }: { campaign: BrandCampaign; showBrand: boolean }) {
  const setStatus = useSetCampaignStatus();
  const badge = AVAILABILITY[c.availability];
  const usedPercent = c.budgetTotalCents > 0 ? (c.bookedCents / c.budgetTotalCents) * 100 : 0;
  const action = c.status === 'open' ? 'close' : 'reopen';
  return (
    <li className="flex flex-col gap-4 rounded-3xl border border-border bg-card p-4 shadow-card sm:p-5">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-semibold leading-snug text-balance">{c.title}</h3>
          {showBrand && <p className="text-[0.8125rem] text-muted-foreground">{c.brandName}</p>}
        </div>
        <Badge variant={badge.variant}>{badge.label}</Badge>
      </div>
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3 text-sm tabular-nums">
          <span>
            <span className="font-bold">{formatWholeDollars(c.bookedCents)}</span>{' '}
            <span className="text-muted-foreground">used</span>
          </span>
          <span>
            <span className="font-bold">{formatWholeDollars(c.leftCents)}</span>{' '}
            <span className="text-muted-foreground">
              left of {formatWholeDollars(c.budgetTotalCents)}
            </span>
          </span>
        </div>
        <Progress value={usedPercent} aria-label={`Budget used for ${c.title}`} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-[0.8125rem]">
        <div className="flex flex-col gap-0.5">
          <dt className="text-muted-foreground">Payout</dt>
          <dd className="font-semibold tabular-nums">
            {formatWholeDollars(c.payoutPerVideoCents)}/video
          </dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <CalendarDays className="size-3.5" aria-hidden="true" /> Deadline
          </dt>
          <dd className="font-semibold">{formatDeadline(c.deadline)}</dd>
        </div>
        <div className="flex flex-col gap-0.5">
          <dt className="flex items-center gap-1 text-muted-foreground">
            <Users className="size-3.5" aria-hidden="true" /> Submissions
          </dt>
          <dd className="font-semibold tabular-nums">
            {c.submissionCount}
            {c.pendingCount > 0 && (
              <span className="font-normal text-muted-foreground">
                {' '}
                · {c.pendingCount} to review
              </span>
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-auto flex justify-end">
        <Button
          size="sm"
          variant="outline"
          disabled={setStatus.isPending}
          aria-label={`${action === 'close' ? 'Close' : 'Reopen'} ${c.title}`}
          onClick={() =>
            setStatus.mutate(
              { id: c.id, action },
              {
                onSuccess: (answer) => toast.success(answer.message),
                onError: (error) =>
                  toast.error(serverMessage(error, 'Error updating the campaign')),
              },
            )
          }
        >
          {setStatus.isPending && <Spinner />}
          {action === 'close' ? 'Close' : 'Reopen'}
        </Button>
      </div>
    </li>
  );
}

function CampaignsSkeleton() {
  return (
    <ul aria-label="Loading campaigns" className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {[0, 1].map((i) => (
        <li key={i} className="flex flex-col gap-4 rounded-3xl border border-border p-5">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-2.5 w-full rounded-full" />
          <Skeleton className="h-10 w-full" />
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md §2 Brand Dashboard, Campaigns: status, budget used and left, deadline, submissions. */
export function CampaignsTab({ showBrand }: { showBrand: boolean }) {
  const campaigns = useBrandCampaigns();
  if (campaigns.isPending) return <CampaignsSkeleton />;
  if (campaigns.isError)
    return (
      <QueryError
        error={campaigns.error}
        title={serverMessage(campaigns.error, COMMON_TEXTS.loadCampaignsFailed)}
        onRetry={() => void campaigns.refetch()}
        retrying={campaigns.isFetching}
      />
    );
  if (campaigns.data.length === 0)
    return (
      <StateMessage
        icon={Megaphone}
        title="No campaigns yet"
        description="Create your first campaign: creators find it on Campaign Briefs and make ads for it."
        action={<CreateCampaignDialog />}
      />
    );
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
      {campaigns.data.map((campaign) => (
        <CampaignCard key={campaign.id} campaign={campaign} showBrand={showBrand} />
      ))}
    </ul>
  );
}
