import { formatThousands, formatWholeDollars } from '@adreel/domain';
import { Clapperboard, DollarSign, Eye, Heart } from 'lucide-react';
import { FilteredTraffic } from '@/components/filtered-traffic';
import { QueryError } from '@/components/query-state';
import { StatTile } from '@/components/ui/stat-tile';
import { useCreatorStats } from '../api/get-creator-stats';

/**
 * SPEC.md §2 Creator Dashboard: Videos, Total Views, Total Likes, Earnings (whole dollars); the
 * views are counted views, and the filtered ones show beside them with their reasons (issue 16).
 */
export function CreatorStatTiles() {
  const stats = useCreatorStats();
  if (stats.isError) {
    return (
      <QueryError
        error={stats.error}
        title="Error loading your numbers"
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    );
  }
  const s = stats.data;
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.isPending}>
        <StatTile
          label="Videos"
          icon={Clapperboard}
          value={s ? s.videos.toLocaleString('en-US') : null}
        />
        <StatTile
          label="Total Views"
          icon={Eye}
          value={s ? formatThousands(s.totalViews) : null}
          exact={s?.totalViews}
        />
        <StatTile
          label="Total Likes"
          icon={Heart}
          value={s ? formatThousands(s.totalLikes) : null}
          exact={s?.totalLikes}
        />
        <StatTile
          label="Earnings"
          icon={DollarSign}
          accent
          value={s ? formatWholeDollars(s.earningsCents) : null}
        />
      </dl>
      {s && <FilteredTraffic filtered={s.filtered} />}
    </div>
  );
}
