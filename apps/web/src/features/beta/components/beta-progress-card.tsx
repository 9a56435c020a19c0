import { BETA_TARGET, betaProgressPercent } from '@adreel/domain';
import { QueryError } from '@/components/query-state';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useBetaProgress } from '../api/get-beta-progress';
import { useBetaProgressStream } from '../api/stream-beta-progress';

/** How far the beta is towards its target (SPEC.md §9). Never shows a number the server didn't give. */
export function BetaProgressCard({ className }: { className?: string }) {
  const progress = useBetaProgress();
  useBetaProgressStream();

  return (
    <Card className={cn('overflow-hidden p-6 shadow-lift sm:p-8', className)}>
      <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between sm:gap-10">
        <div className="min-w-0">
          <h2 className="flex items-center gap-2 text-eyebrow uppercase text-muted-foreground">
            <span className="relative flex size-2" aria-hidden="true">
              {progress.isSuccess && (
                <span className="absolute inline-flex size-full animate-ping rounded-full bg-brand opacity-60" />
              )}
              <span
                className={cn(
                  'relative inline-flex size-2 rounded-full',
                  progress.isError ? 'bg-muted-foreground' : 'bg-brand',
                )}
              />
            </span>
            Beta progress
          </h2>
          {progress.isPending ? (
            <>
              <Skeleton className="mt-3 h-12 w-40" />
              <span className="sr-only" role="status">
                Loading beta progress
              </span>
            </>
          ) : progress.isError ? (
            <QueryError
              variant="inline"
              className="mt-3"
              error={progress.error}
              title="The beta count can't be loaded right now."
              onRetry={() => void progress.refetch()}
              retrying={progress.isFetching}
            />
          ) : (
            <p className="mt-2 flex items-baseline gap-2 tabular-nums">
              <span className="text-[3.25rem] leading-none font-extrabold tracking-[-0.05em]">
                {progress.data.count}
              </span>
              <span className="text-2xl font-bold tracking-tight text-muted-foreground">
                / {progress.data.target}
              </span>
              <span className="ml-1 text-sm font-medium text-muted-foreground">joined</span>
            </p>
          )}
        </div>
        <p className="max-w-xs text-pretty text-sm text-muted-foreground sm:pb-1 sm:text-right">
          {`Once ${BETA_TARGET} people join, the first challenge will begin.`}
        </p>
      </div>
      <div className="mt-6">
        {progress.isSuccess ? (
          <Progress
            value={betaProgressPercent(progress.data.count, progress.data.target)}
            getValueLabel={() => `${progress.data.count} of ${progress.data.target} people joined`}
            aria-label="Beta progress"
            className="h-3"
            indicatorClassName="bg-linear-to-r from-brand via-[#e0249a] to-brand-violet"
          />
        ) : (
          <Skeleton className={cn('h-3 rounded-full', progress.isError && 'animate-none')} />
        )}
      </div>
    </Card>
  );
}
