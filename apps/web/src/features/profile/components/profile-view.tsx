import { type CreatorProfile, formatThousands, formatWholeDollars } from '@adreel/domain';
import { Clapperboard, DollarSign, Eye, Heart, Play } from 'lucide-react';
import { Link } from 'react-router';
import { StateMessage } from '@/components/state-message';
import { Avatar } from '@/components/ui/avatar';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';

function RecentVideo({ video }: { video: CreatorProfile['recentVideos'][number] }) {
  return (
    <li>
      <Link
        to={`/feed?start=${encodeURIComponent(video.id)}`}
        className="group relative block aspect-[9/16] overflow-hidden rounded-2xl bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={`Watch ${video.title} in the feed`}
      >
        {video.thumbUrl ? (
          <img
            src={video.thumbUrl}
            alt=""
            loading="lazy"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <span className="grid size-full place-items-center text-ink-muted">
            <Play className="size-8" aria-hidden="true" />
          </span>
        )}
        <span className="absolute inset-x-0 bottom-0 flex flex-col gap-0.5 bg-gradient-to-t from-black/80 to-transparent p-2.5 pt-8 text-white sm:p-3">
          <span className="line-clamp-2 text-[0.8125rem] font-semibold leading-snug sm:text-sm">
            {video.title}
          </span>
          <span className="flex items-center gap-2 text-xs text-white/80 tabular-nums">
            <span className="flex items-center gap-0.5">
              <Eye className="size-3" aria-hidden="true" /> {formatThousands(video.views)}
            </span>
            <span className="flex items-center gap-0.5">
              <Heart className="size-3" aria-hidden="true" /> {formatThousands(video.likes)}
            </span>
          </span>
        </span>
      </Link>
    </li>
  );
}

/** SPEC.md §2 Profile: name, handle, photo, four figures and three recent approved videos. */
export function ProfileView({ profile, own }: { profile: CreatorProfile; own: boolean }) {
  return (
    <div className="flex flex-col gap-8">
      <header className="flex animate-fade-up items-center gap-4 sm:gap-5">
        <Avatar
          name={profile.displayName}
          photoUrl={profile.photoUrl}
          className="size-16 text-2xl sm:size-20 sm:text-3xl"
        />
        <div className="min-w-0">
          <p className="text-eyebrow uppercase text-primary">{own ? 'Your profile' : 'Creator'}</p>
          <h1 className="mt-1 truncate text-title sm:text-[2.25rem]">{profile.displayName}</h1>
          <p className="truncate text-muted-foreground">@{profile.username}</p>
        </div>
      </header>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          label="Videos"
          icon={Clapperboard}
          value={profile.videoCount.toLocaleString('en-US')}
        />
        <StatTile label="Total Views" icon={Eye} value={formatThousands(profile.totalViews)} />
        <StatTile label="Total Likes" icon={Heart} value={formatThousands(profile.totalLikes)} />
        <StatTile
          label="Earnings"
          icon={DollarSign}
          accent
          value={formatWholeDollars(profile.earningsCents)}
        />
      </dl>
      <section aria-labelledby="recent-title" className="flex flex-col gap-4">
        <h2 id="recent-title" className="text-lg font-bold tracking-tight">
          Recent videos
        </h2>
        {profile.recentVideos.length === 0 ? (
          <StateMessage
            icon={Clapperboard}
            title="No published videos yet"
            description={
              own
                ? 'Your approved videos will show here.'
                : 'Approved videos from this creator will show here.'
            }
          />
        ) : (
          <ul className="grid grid-cols-3 gap-2.5 sm:gap-4">
            {profile.recentVideos.map((video) => (
              <RecentVideo key={video.id} video={video} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ProfileSkeleton() {
  return (
    <div className="flex flex-col gap-8" role="status" aria-label="Loading profile">
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full sm:size-20" />
        <div className="flex flex-1 flex-col gap-2">
          <Skeleton className="h-8 w-1/2" />
          <Skeleton className="h-4 w-1/4" />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-3xl" />
        ))}
      </div>
      <div className="grid grid-cols-3 gap-2.5 sm:gap-4">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="aspect-[9/16] rounded-2xl" />
        ))}
      </div>
    </div>
  );
}
