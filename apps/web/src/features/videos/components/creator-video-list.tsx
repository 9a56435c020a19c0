import { VIDEO_TEXTS, type Video } from '@adreel/domain';
import {
  AlertTriangle,
  Clapperboard,
  Clock,
  Eye,
  Film,
  Heart,
  Hourglass,
  Upload,
} from 'lucide-react';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExactCount } from '@/components/ui/exact-count';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration } from '@/lib/format-duration';
import { formatRelative } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useCreatorVideos } from '../api/get-creator-videos';
import { VideoStatusBadge } from './video-status-badge';

/** What the creator should know about a video's state, in one line; null when nothing to say. */
function statusNote(video: Video): { text: string; tone: 'muted' | 'error' } | null {
  switch (video.status) {
    case 'pending':
      return { text: VIDEO_TEXTS.inReview, tone: 'muted' };
    case 'processing':
      return {
        text: 'Getting your video ready to play. This takes a minute or two.',
        tone: 'muted',
      };
    case 'failed':
      return { text: video.failureReason ?? 'We could not process this video.', tone: 'error' };
    case 'rejected':
      return { text: 'This video was not approved.', tone: 'error' };
    default:
      return null;
  }
}

function Poster({ video }: { video: Video }) {
  return (
    <div className="relative aspect-[9/16] w-20 shrink-0 overflow-hidden rounded-xl bg-ink sm:w-24">
      {video.thumbUrl ? (
        <img src={video.thumbUrl} alt="" className="size-full object-cover" loading="lazy" />
      ) : (
        <div className="grid size-full place-items-center text-ink-muted">
          {video.status === 'failed' ? (
            <AlertTriangle className="size-6" aria-hidden="true" />
          ) : video.status === 'processing' ? (
            <Spinner className="size-5 text-white" />
          ) : (
            <Film className="size-6" aria-hidden="true" />
          )}
        </div>
      )}
      {video.durationSec !== null && (
        <span className="absolute right-1.5 bottom-1.5 rounded-md bg-black/60 px-1.5 py-0.5 text-[0.6875rem] font-semibold text-white tabular-nums">
          {formatDuration(video.durationSec)}
        </span>
      )}
    </div>
  );
}

function VideoRow({ video }: { video: Video }) {
  const note = statusNote(video);
  // The brand's "no" to the campaign entry, as Earnings says it; the video itself stays pending
  // until the admin decides (SPEC.md §4), so the review line still holds.
  const notSelected = video.submissionStatus === 'rejected_by_brand';
  return (
    <li className="flex gap-4 rounded-3xl border border-border bg-card p-3 shadow-card sm:p-4">
      <Poster video={video} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 py-1">
        <div className="flex flex-wrap items-center gap-2">
          <VideoStatusBadge status={video.status} progress={video.processingProgress} />
          {notSelected && <Badge variant="destructive">{VIDEO_TEXTS.notSelected}</Badge>}
          {video.featured && <span className="text-xs font-semibold text-primary">Featured</span>}
        </div>
        <h3 className="line-clamp-2 font-semibold leading-snug text-balance wrap-anywhere">
          {video.title}
        </h3>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          {video.campaignTitle ? `${video.campaignTitle} · ` : ''}
          {formatRelative(video.createdAt)}
        </p>
        {notSelected && (
          <p className="text-[0.8125rem] text-pretty text-destructive">
            {VIDEO_TEXTS.notSelectedNote}
          </p>
        )}
        {note && (
          <p
            className={cn(
              'flex items-start gap-1.5 text-[0.8125rem] text-pretty',
              note.tone === 'error' ? 'text-destructive' : 'text-muted-foreground',
            )}
          >
            {video.status === 'pending' && (
              <Hourglass className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
            )}
            {note.text}
          </p>
        )}
        {video.status === 'processing' && video.processingProgress !== null && (
          <Progress
            value={video.processingProgress}
            aria-label="Processing"
            aria-valuetext={`${video.processingProgress}%`}
            className="h-1.5 max-w-60"
          />
        )}
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-1 text-[0.8125rem] text-muted-foreground tabular-nums">
          <div className="flex items-center gap-1">
            <dt>
              <Eye className="size-3.5" aria-label="Views" />
            </dt>
            <dd className="font-semibold text-foreground">
              <ExactCount count={video.views} one="view" many="views" />
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Heart className="size-3.5" aria-label="Likes" />
            </dt>
            <dd className="font-semibold text-foreground">
              <ExactCount count={video.likes} one="like" many="likes" />
            </dd>
          </div>
          <div className="flex items-center gap-1">
            <dt>
              <Clock className="size-3.5" aria-label="Duration" />
            </dt>
            <dd className="font-semibold text-foreground">{formatDuration(video.durationSec)}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/** SPEC.md §2 My Videos: every own video with its status, views, likes and duration. */
export function CreatorVideoList() {
  const videos = useCreatorVideos();

  if (videos.isPending) {
    return (
      <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={VIDEO_TEXTS.loading}>
        {[0, 1, 2, 3].map((i) => (
          <li key={i} className="flex gap-4 rounded-3xl border border-border p-4">
            <Skeleton className="aspect-[9/16] w-24 rounded-xl" />
            <div className="flex flex-1 flex-col gap-2 py-1">
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
            </div>
          </li>
        ))}
      </ul>
    );
  }

  if (videos.isError) {
    return (
      <QueryError
        error={videos.error}
        title={VIDEO_TEXTS.loadFailed}
        onRetry={() => void videos.refetch()}
        retrying={videos.isFetching}
      />
    );
  }

  if (videos.data.length === 0) {
    return (
      <StateMessage
        icon={Clapperboard}
        title="No videos yet"
        description="Upload your first ad: up to 30 seconds, vertical, made to be watched. Our team reviews it, then it goes live in the feed."
        action={
          <Button asChild>
            <Link to="/creator/upload">
              <Upload /> Upload your first video
            </Link>
          </Button>
        }
      />
    );
  }

  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {videos.data.map((video) => (
        <VideoRow key={video.id} video={video} />
      ))}
    </ul>
  );
}
