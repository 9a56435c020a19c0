import {
  ACCOUNT_PROFILE_TEXTS,
  type CreatorProfile,
  countWithNoun,
  formatThousands,
  formatWholeDollars,
  SCREEN_TITLES,
} from '@adreel/domain';
import {
  ChartColumn,
  CirclePlay,
  Clapperboard,
  DollarSign,
  Eye,
  Heart,
  Megaphone,
  Play,
  Sparkles,
} from 'lucide-react';
import { Link } from 'react-router';
import { StateMessage } from '@/components/state-message';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { StatTile } from '@/components/ui/stat-tile';

function RecentVideo({ video }: { video: CreatorProfile['recentVideos'][number] }) {
  return (
    <li>
      <Link
        to={`/feed?start=${encodeURIComponent(video.id)}`}
        className="group relative block aspect-[9/16] overflow-hidden rounded-2xl bg-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
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
          <span className="line-clamp-2 text-[0.8125rem] font-semibold leading-snug wrap-anywhere sm:text-sm">
            <span aria-hidden="true">{video.title}</span>
          </span>
          {/* Shown in thousands; the link's name, below, says them in full. */}
          <span
            className="flex items-center gap-2 text-xs text-white/80 tabular-nums"
            aria-hidden="true"
          >
            <span className="flex items-center gap-0.5">
              <Eye className="size-3" /> {formatThousands(video.views)}
            </span>
            <span className="flex items-center gap-0.5">
              <Heart className="size-3" /> {formatThousands(video.likes)}
            </span>
          </span>
          <span className="sr-only">
            {`Watch ${video.title} (${countWithNoun(video.views, 'view', 'views')}, ${countWithNoun(video.likes, 'like', 'likes')}) in the feed`}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ProfileHeader({ profile, eyebrow }: { profile: CreatorProfile; eyebrow: string }) {
  return (
    <header className="flex animate-fade-up items-center gap-4 sm:gap-5">
      <Avatar
        name={profile.displayName}
        photoUrl={profile.photoUrl}
        className="size-16 shrink-0 text-2xl sm:size-20 sm:text-3xl"
      />
      <div className="min-w-0">
        <p className="text-eyebrow uppercase text-primary">{eyebrow}</p>
        <h1 className="mt-1 truncate text-title sm:text-[2.25rem]">{profile.displayName}</h1>
        <p className="truncate text-muted-foreground">@{profile.username}</p>
      </div>
    </header>
  );
}

/**
 * Your own profile when you make no videos (a brand, a viewer): who you are and where your part of
 * the product is, instead of a creator's figures that would all read zero.
 */
function AccountProfileView({
  profile,
  kind,
}: {
  profile: CreatorProfile;
  kind: 'brand' | 'viewer';
}) {
  const brand = kind === 'brand';
  return (
    <div className="flex flex-col gap-8">
      <ProfileHeader
        profile={profile}
        eyebrow={brand ? ACCOUNT_PROFILE_TEXTS.brandEyebrow : ACCOUNT_PROFILE_TEXTS.viewerEyebrow}
      />
      <section className="flex flex-col gap-4 rounded-3xl border border-border bg-card p-5 shadow-card sm:p-6">
        <p className="text-pretty text-muted-foreground">
          {brand ? ACCOUNT_PROFILE_TEXTS.brandBody : ACCOUNT_PROFILE_TEXTS.viewerBody}
        </p>
        <div className="flex flex-wrap gap-2">
          {brand ? (
            <>
              <Button asChild>
                <Link to="/brand/dashboard">
                  <ChartColumn /> {SCREEN_TITLES.brandDashboard}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/briefs">
                  <Megaphone /> {SCREEN_TITLES.campaignBriefs}
                </Link>
              </Button>
            </>
          ) : (
            <>
              <Button asChild>
                <Link to="/feed">
                  <CirclePlay /> {ACCOUNT_PROFILE_TEXTS.watchFeed}
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/join">
                  <Sparkles /> {ACCOUNT_PROFILE_TEXTS.requestCreatorAccess}
                </Link>
              </Button>
            </>
          )}
        </div>
      </section>
    </div>
  );
}

/**
 * SPEC.md §2 Profile: name, handle, photo, four figures and three recent approved videos. Your own
 * profile as a brand or a viewer (`kind`) shows no creator figures.
 */
export function ProfileView({
  profile,
  own,
  kind = 'creator',
}: {
  profile: CreatorProfile;
  own: boolean;
  kind?: 'creator' | 'brand' | 'viewer';
}) {
  if (own && kind !== 'creator') return <AccountProfileView profile={profile} kind={kind} />;
  return (
    <div className="flex flex-col gap-8">
      <ProfileHeader
        profile={profile}
        eyebrow={own ? ACCOUNT_PROFILE_TEXTS.viewerEyebrow : 'Creator'}
      />
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile
          label="Videos"
          icon={Clapperboard}
          value={profile.videoCount.toLocaleString('en-US')}
        />
        <StatTile
          label="Total Views"
          icon={Eye}
          value={formatThousands(profile.totalViews)}
          exact={profile.totalViews}
        />
        <StatTile
          label="Total Likes"
          icon={Heart}
          value={formatThousands(profile.totalLikes)}
          exact={profile.totalLikes}
        />
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
