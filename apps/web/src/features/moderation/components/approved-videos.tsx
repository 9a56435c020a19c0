import { formatThousands, VIDEO_TEXTS, type Video } from '@adreel/domain';
import { Film, Star, StarOff } from 'lucide-react';
import { toast } from 'sonner';
import { UNDO_TOAST_MS } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ExactCount } from '@/components/ui/exact-count';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration } from '@/lib/format-duration';
import { useFeatureVideo } from '../api/feature-video';
import { useAdminVideos } from '../api/get-admin-videos';

function ApprovedRow({ video }: { video: Video }) {
  const feature = useFeatureVideo();
  const next = !video.featured;
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="aspect-[9/16] w-11 shrink-0 overflow-hidden rounded-lg bg-ink">
        {video.thumbUrl ? (
          <img src={video.thumbUrl} alt="" className="size-full object-cover" loading="lazy" />
        ) : (
          <div className="grid size-full place-items-center text-ink-muted">
            <Film className="size-4" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate font-semibold">{video.title}</p>
        <p className="flex items-center gap-2 text-[0.8125rem] text-muted-foreground tabular-nums">
          {video.featured && <Badge>Featured</Badge>}
          <span className="truncate">
            @{video.creator.username} ·{' '}
            <ExactCount
              count={video.views}
              one="view"
              many="views"
              shown={`${formatThousands(video.views)} views`}
            />{' '}
            · {formatDuration(video.durationSec)}
          </span>
        </p>
      </div>
      <Button
        size="sm"
        variant={video.featured ? 'outline' : 'secondary'}
        disabled={feature.isPending}
        aria-label={`${video.featured ? 'Unfeature' : 'Feature'} ${video.title}`}
        onClick={() =>
          feature.mutate(
            { id: video.id, featured: next },
            {
              onSuccess: (answer) =>
                // Unfeaturing takes the video from the head of the feed: a few seconds to take it back.
                toast.success(
                  answer.message,
                  next
                    ? undefined
                    : {
                        duration: UNDO_TOAST_MS,
                        action: {
                          label: 'Undo',
                          onClick: () =>
                            feature.mutate(
                              { id: video.id, featured: true },
                              {
                                onSuccess: (again) => toast.success(again.message),
                                onError: () => toast.error('Failed to update featured status'),
                              },
                            ),
                        },
                      },
                ),
              onError: () => toast.error('Failed to update featured status'),
            },
          )
        }
      >
        {feature.isPending ? <Spinner /> : video.featured ? <StarOff /> : <Star />}
        {video.featured ? 'Unfeature' : 'Feature'}
      </Button>
    </li>
  );
}

/** SPEC.md §4: an admin may feature an approved video; featured ones lead the feed. */
export function ApprovedVideos() {
  const videos = useAdminVideos('approved');
  if (videos.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </div>
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
        icon={Film}
        title="No approved videos yet"
        description="Approved videos appear here, ready to feature."
      />
    );
  }
  return (
    <ul className="divide-y divide-border rounded-3xl border border-border bg-card px-4 shadow-card">
      {videos.data.map((video) => (
        <ApprovedRow key={video.id} video={video} />
      ))}
    </ul>
  );
}
