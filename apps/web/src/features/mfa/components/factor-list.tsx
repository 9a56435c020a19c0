import type { Factor } from '@adreel/domain';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatRelative } from '@/lib/format-time';
import { factorName } from '../lib/factors';

/** One row per factor: what it is, when it was added and last used, and Remove. */
export function FactorList({
  factors,
  icon: Icon,
  onRemove,
}: {
  factors: Factor[];
  icon: LucideIcon;
  onRemove: (factor: Factor) => void;
}) {
  return (
    <ul className="divide-y divide-border">
      {factors.map((factor) => {
        const labelId = `factor-${factor.id}`;
        return (
          <li key={factor.id} className="flex items-center gap-3.5 py-3.5 first:pt-0 last:pb-0">
            <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-muted text-foreground">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0 flex-1">
              <p id={labelId} className="truncate font-semibold">
                {factorName(factor)}
              </p>
              <p className="text-[0.8125rem] text-muted-foreground">
                <span className="inline-block">
                  Added <time dateTime={factor.createdAt}>{formatDate(factor.createdAt)}</time>
                  <span aria-hidden="true"> · </span>
                  <span className="sr-only">, </span>
                </span>{' '}
                <span className="inline-block">
                  {factor.lastUsedAt
                    ? `Last used ${formatRelative(factor.lastUsedAt)}`
                    : 'Not used yet'}
                </span>
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-describedby={labelId}
              onClick={() => onRemove(factor)}
            >
              Remove
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

export function FactorListSkeleton({ label }: { label: string }) {
  return (
    <div className="flex items-center gap-3.5">
      <span className="sr-only" role="status">
        {label}
      </span>
      <Skeleton className="size-10 rounded-xl" />
      <div className="flex flex-1 flex-col gap-2">
        <Skeleton className="h-4 w-36" />
        <Skeleton className="h-3 w-52" />
      </div>
    </div>
  );
}
