import {
  countWithNoun,
  FEED_MESSAGES,
  formatThousands,
  LEADERBOARD_MIN_VIEWS,
  LEADERBOARD_WINDOW_DAYS,
  type TopVideo,
} from '@adreel/domain';
import { Clapperboard, Play } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ExactCount } from '@/components/ui/exact-count';
import { cn } from '@/lib/utils';
import { useTopVideos } from '../api/get-top-videos';
import { displayScore, displayWatchPercent } from '../lib/format';
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

function captionOf(video: TopVideo): string {
  return video.caption?.trim() || FEED_MESSAGES.untitled;
}

function feedLink(video: TopVideo): string {
  return `/feed?start=${encodeURIComponent(video.id)}`;
}

function PodiumCard({ video }: { video: TopVideo }) {
  const first = video.rank === 1;
  return (
    <Link
      to={feedLink(video)}
      className={cn(
        'group flex flex-col overflow-hidden rounded-3xl border bg-card shadow-card transition-transform hover:-translate-y-0.5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
        first ? 'border-transparent ring-2 ring-brand' : 'border-border',
      )}
    >
      <div className="relative aspect-[4/5] overflow-hidden bg-ink sm:aspect-[16/11]">
        {video.thumbUrl ? (
          <img
            src={video.thumbUrl}
            alt=""
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="grid size-full place-items-center text-ink-muted">
            <Play className="size-8" aria-hidden="true" />
          </div>
        )}
        <Medal rank={video.rank} className="absolute top-2 left-2 sm:top-3 sm:left-3" />
      </div>
      <div className="flex flex-col gap-1 p-2.5 sm:p-4">
        <p className="line-clamp-2 text-[0.8125rem] leading-snug font-semibold sm:text-[0.9375rem]">
          {captionOf(video)}
        </p>
        <p className="truncate text-xs text-muted-foreground">@{video.creator.username}</p>
        <p className="mt-1 flex items-baseline gap-1">
          <span
            className={cn(
              'text-xl font-extrabold tabular-nums sm:text-2xl',
              first && 'text-primary',
            )}
          >
            {displayScore(video.decayedScore)}
          </span>
          <span className="text-xs text-muted-foreground">score</span>
        </p>
      </div>
    </Link>
  );
}

/** SPEC.md §2 Top Videos: a podium of three and the full table. */
export function TopVideosBoard() {
  const videos = useTopVideos();
  if (videos.isPending) return <LeaderboardSkeleton label="Loading top videos" />;
  if (videos.isError)
    return <LeaderboardError onRetry={() => void videos.refetch()} error={videos.error} />;
  if (videos.data.length === 0) {
    return (
      <LeaderboardEmpty
        icon={Clapperboard}
        title="No ranked videos yet"
        description={`Videos approved in the last ${LEADERBOARD_WINDOW_DAYS} days show up here once they have ${LEADERBOARD_MIN_VIEWS} counted views.`}
      />
    );
  }
  return (
    <div className="flex flex-col gap-8">
      <Podium
        items={videos.data}
        label="Top 3 videos"
        rankOf={(video) => video.rank}
        keyOf={(video) => video.id}
      >
        {(video) => <PodiumCard video={video} />}
      </Podium>
      <PhoneRows label="Top videos">
        {videos.data.map((video) => (
          <PhoneRow
            key={video.id}
            rank={video.rank}
            to={feedLink(video)}
            media={
              <span className="h-14 w-10 shrink-0 overflow-hidden rounded-lg bg-ink">
                {video.thumbUrl && (
                  <img src={video.thumbUrl} alt="" className="size-full object-cover" />
                )}
              </span>
            }
            title={captionOf(video)}
            subtitle={`@${video.creator.username}`}
            figures={`${formatThousands(video.views)} views · ${formatThousands(video.likes)} likes · ${video.shares} shares · ${displayWatchPercent(video.watchTimeAvg)} watched`}
            exactFigures={`${countWithNoun(video.views, 'view', 'views')} · ${countWithNoun(video.likes, 'like', 'likes')} · ${countWithNoun(video.shares, 'share', 'shares')} · ${displayWatchPercent(video.watchTimeAvg)} watched`}
            score={displayScore(video.decayedScore)}
            scoreLabel="score"
          />
        ))}
      </PhoneRows>
      <BoardTable label="Top videos">
        <thead>
          <tr>
            <th scope="col" className={cn(th, stickyCell, 'bg-muted pl-4 sm:pl-5')}>
              Video
            </th>
            <th scope="col" className={th}>
              Creator
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Score
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Views
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Likes
            </th>
            <th scope="col" className={cn(th, 'text-right')}>
              Shares
            </th>
            <th scope="col" className={cn(th, 'pr-4 text-right sm:pr-5')}>
              Watch %
            </th>
          </tr>
        </thead>
        <tbody>
          {videos.data.map((video) => (
            <tr key={video.id}>
              <th scope="row" className={cn(td, stickyCell, 'pl-4 font-normal sm:pl-5')}>
                <Link
                  to={feedLink(video)}
                  className="flex max-w-[13rem] items-center gap-3 rounded-lg hover:underline focus-visible:outline-2 focus-visible:outline-ring sm:max-w-xs"
                >
                  <span className="w-6 shrink-0 text-right font-bold text-muted-foreground">
                    <span className="sr-only">Rank </span>
                    {video.rank}
                  </span>
                  <span className="h-11 w-8 shrink-0 overflow-hidden rounded-md bg-ink">
                    {video.thumbUrl && (
                      <img src={video.thumbUrl} alt="" className="size-full object-cover" />
                    )}
                  </span>
                  <span className="line-clamp-2 font-medium">{captionOf(video)}</span>
                </Link>
              </th>
              <td className={td}>
                <Link
                  to={`/profile?id=${encodeURIComponent(video.creator.id)}`}
                  className="flex items-center gap-2 whitespace-nowrap hover:underline"
                >
                  <Avatar
                    name={video.creator.displayName || video.creator.username}
                    photoUrl={video.creator.photoUrl}
                    className="size-7 text-xs"
                  />
                  @{video.creator.username}
                </Link>
              </td>
              <td className={cn(td, 'text-right font-bold')}>{displayScore(video.decayedScore)}</td>
              <td className={cn(td, 'text-right')}>
                <ExactCount count={video.views} one="view" many="views" />
              </td>
              <td className={cn(td, 'text-right')}>
                <ExactCount count={video.likes} one="like" many="likes" />
              </td>
              <td className={cn(td, 'text-right')}>{video.shares.toLocaleString('en-US')}</td>
              <td className={cn(td, 'pr-4 text-right sm:pr-5')}>
                {displayWatchPercent(video.watchTimeAvg)}
              </td>
            </tr>
          ))}
        </tbody>
      </BoardTable>
    </div>
  );
}
