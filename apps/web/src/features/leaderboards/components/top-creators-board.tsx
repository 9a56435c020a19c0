import {
  countWithNoun,
  formatThousands,
  LEADERBOARD_MIN_VIEWS,
  LEADERBOARD_WINDOW_DAYS,
  type TopCreator,
} from '@adreel/domain';
import { Users } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ExactCount } from '@/components/ui/exact-count';
import { cn } from '@/lib/utils';
import { useTopCreators } from '../api/get-top-creators';
import { displayScore } from '../lib/format';
import {
  BoardTable,
  LeaderboardEmpty,
  LeaderboardError,
  LeaderboardSkeleton,
  Medal,
  PhoneRow,
  PhoneRows,
  Podium,
  stickyCell,
  td,
  th,
} from './leaderboard-layout';

function profileLink(entry: TopCreator): string {
  return `/profile?id=${encodeURIComponent(entry.creator.id)}`;
}

function nameOf(entry: TopCreator): string {
  return entry.creator.displayName || entry.creator.username;
}

function PodiumCard({ entry }: { entry: TopCreator }) {
  const first = entry.rank === 1;
  return (
    <Link
      to={profileLink(entry)}
      className={cn(
        'flex flex-col items-center gap-2 rounded-3xl border bg-card px-2 pt-5 pb-4 text-center shadow-card transition-transform hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:px-4 sm:pt-7',
        first ? 'border-transparent ring-2 ring-brand' : 'border-border',
      )}
    >
      <span className="relative">
        <Avatar
          name={nameOf(entry)}
          photoUrl={entry.creator.photoUrl}
          className={cn('text-xl sm:text-2xl', first ? 'size-16 sm:size-20' : 'size-14 sm:size-16')}
        />
        <Medal rank={entry.rank} className="absolute -right-1.5 -bottom-1.5 size-7 text-xs" />
      </span>
      <span className="mt-1 w-full min-w-0">
        <span className="block truncate text-[0.8125rem] font-semibold sm:text-[0.9375rem]">
          {nameOf(entry)}
        </span>
        <span className="block truncate text-xs text-muted-foreground">
          @{entry.creator.username}
        </span>
      </span>
      <span className="flex items-baseline gap-1">
        <span
          className={cn('text-xl font-extrabold tabular-nums sm:text-2xl', first && 'text-primary')}
        >
          {displayScore(entry.averageScore)}
        </span>
        <span className="text-xs text-muted-foreground">avg</span>
      </span>
      <span className="text-xs text-muted-foreground tabular-nums">
        <ExactCount
          count={entry.totalViews}
          one="view"
          many="views"
          shown={`${formatThousands(entry.totalViews)} views`}
        />
      </span>
    </Link>
  );
}

/** SPEC.md §2 Top Creators: a podium of three and the table. */
export function TopCreatorsBoard() {
  const creators = useTopCreators();
  if (creators.isPending) return <LeaderboardSkeleton label="Loading top creators" />;
  if (creators.isError)
    return <LeaderboardError onRetry={() => void creators.refetch()} error={creators.error} />;
  if (creators.data.length === 0) {
    return (
      <LeaderboardEmpty
        icon={Users}
        title="No ranked creators yet"
        description={`Creators show up here once a video of theirs approved in the last ${LEADERBOARD_WINDOW_DAYS} days has ${LEADERBOARD_MIN_VIEWS} counted views.`}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <Podium
        items={creators.data}
        label="Top 3 creators"
        rankOf={(entry) => entry.rank}
        keyOf={(entry) => entry.creator.id}
      >
        {(entry) => <PodiumCard entry={entry} />}
      </Podium>
      <PhoneRows label="Top creators">
        {creators.data.map((entry) => (
          <PhoneRow
            key={entry.creator.id}
            rank={entry.rank}
            to={profileLink(entry)}
            media={
              <Avatar
                name={nameOf(entry)}
                photoUrl={entry.creator.photoUrl}
                className="size-10 text-sm"
              />
            }
            title={nameOf(entry)}
            subtitle={`@${entry.creator.username}`}
            figures={`${formatThousands(entry.totalViews)} views · ${entry.videoCount} ${entry.videoCount === 1 ? 'video' : 'videos'}`}
            exactFigures={`${countWithNoun(entry.totalViews, 'view', 'views')} · ${countWithNoun(entry.videoCount, 'video', 'videos')}`}
            score={displayScore(entry.averageScore)}
            scoreLabel="avg score"
          />
        ))}
      </PhoneRows>
      <BoardTable label="Top creators">
        <thead>
          <tr>
            <th scope="col" className={cn(th, stickyCell, 'bg-muted pl-4 sm:pl-5')}>
              Creator
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Average score
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Total views
            </th>
            <th scope="col" className={cn(th, 'pr-4 text-right sm:pr-5')}>
              Videos
            </th>
          </tr>
        </thead>
        <tbody>
          {creators.data.map((entry) => (
            <tr key={entry.creator.id}>
              <th scope="row" className={cn(td, stickyCell, 'pl-4 font-normal sm:pl-5')}>
                <Link
                  to={profileLink(entry)}
                  className="flex items-center gap-3 rounded-lg hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                >
                  <span className="w-6 shrink-0 text-right font-bold text-muted-foreground">
                    <span className="sr-only">Rank </span>
                    {entry.rank}
                  </span>
                  <Avatar
                    name={nameOf(entry)}
                    photoUrl={entry.creator.photoUrl}
                    className="size-9 text-sm"
                  />
                  <span className="min-w-0">
                    <span className="block truncate font-medium">{nameOf(entry)}</span>
                    <span className="block truncate text-xs text-muted-foreground">
                      @{entry.creator.username}
                    </span>
                  </span>
                </Link>
              </th>
              <td className={cn(td, 'text-right font-bold')}>{displayScore(entry.averageScore)}</td>
              <td className={cn(td, 'text-right')}>
                <ExactCount count={entry.totalViews} one="view" many="views" />
              </td>
              <td className={cn(td, 'pr-4 text-right sm:pr-5')}>{entry.videoCount}</td>
            </tr>
          ))}
        </tbody>
      </BoardTable>
    </div>
  );
}
