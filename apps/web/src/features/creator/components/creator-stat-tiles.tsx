import { formatThousands, formatWholeDollars } from '@adreel/domain';
import {
  AlertTriangle,
  Clapperboard,
  DollarSign,
  Eye,
  Heart,
  type LucideIcon,
  RefreshCw,
} from 'lucide-react';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { useCreatorStats } from '../api/get-creator-stats';

function Tile({
  label,
  value,
  icon: Icon,
  accent,
}: {
  label: string;
  value: string | null;
  icon: LucideIcon;
  accent?: boolean;
}) {
  return (
    <div
      className={cn(
        'flex flex-col gap-3 rounded-3xl border p-4 shadow-card sm:p-5',
        accent ? 'border-ink-border bg-ink text-ink-foreground' : 'border-border bg-card',
      )}
    >
      <div className="flex items-center justify-between gap-2">
        <dt
          className={cn(
            'text-sm font-semibold',
            accent ? 'text-ink-muted' : 'text-muted-foreground',
          )}
        >
          {label}
        </dt>
        <Icon
          className={cn('size-4', accent ? 'text-brand' : 'text-muted-foreground')}
          aria-hidden="true"
        />
      </div>
      <dd className="text-[1.75rem] font-extrabold leading-none tracking-tight tabular-nums sm:text-[2rem]">
        {value ?? <Skeleton className={cn('h-8 w-20', accent && 'bg-ink-raised')} />}
      </dd>
    </div>
  );
}

/** SPEC.md §2 Creator Dashboard: Videos, Total Views, Total Likes, Earnings (whole dollars). */
export function CreatorStatTiles() {
  const stats = useCreatorStats();
  if (stats.isError) {
    return (
      <StateMessage
        tone="error"
        icon={AlertTriangle}
        title="Error loading your numbers"
        action={
          <Button variant="outline" onClick={() => void stats.refetch()}>
            <RefreshCw /> Try again
          </Button>
        }
      />
    );
  }
  const s = stats.data;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.isPending}>
      <Tile
        label="Videos"
        icon={Clapperboard}
        value={s ? s.videos.toLocaleString('en-US') : null}
      />
      <Tile label="Total Views" icon={Eye} value={s ? formatThousands(s.totalViews) : null} />
      <Tile label="Total Likes" icon={Heart} value={s ? formatThousands(s.totalLikes) : null} />
      <Tile
        label="Earnings"
        icon={DollarSign}
        accent
        value={s ? formatWholeDollars(s.earningsCents) : null}
      />
    </dl>
  );
}
