import type { Video } from '@adreel/domain';
import { COMMON_TEXTS, previewOf, REASON_MAX, VIDEO_TEXTS } from '@adreel/domain';
import { Check, CheckCircle2, X } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { formatDuration } from '@/lib/format-duration';
import { formatRelative } from '@/lib/format-time';
import { useApproveVideo } from '../api/approve-video';
import { useAdminVideos } from '../api/get-admin-videos';
import { useRejectVideo } from '../api/reject-video';

function ReviewCard({ video }: { video: Video }) {
  const approve = useApproveVideo();
  const reject = useRejectVideo();
  const [rejecting, setRejecting] = useState(false);
  const busy = approve.isPending || reject.isPending;
  return (
    <li className="flex gap-4 rounded-3xl border border-border bg-card p-3 shadow-card sm:p-4">
      <div className="aspect-[9/16] w-32 shrink-0 overflow-hidden rounded-2xl bg-ink sm:w-40">
        {video.fileUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: creators' ads carry no caption track to offer
          <video
            src={video.fileUrl}
            poster={video.thumbUrl ?? undefined}
            controls
            playsInline
            preload="none"
            className="size-full object-cover"
            aria-label={previewOf(video.title)}
          />
        ) : (
          <div className="grid size-full place-items-center px-2 text-center text-xs text-ink-muted">
            No preview
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 py-1">
        <h3 className="line-clamp-2 font-semibold leading-snug text-balance">{video.title}</h3>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          {video.creator.displayName}{' '}
          <span className="text-muted-foreground">@{video.creator.username}</span>
        </p>
        {video.caption && (
          <p className="line-clamp-3 text-sm text-pretty text-foreground/85">{video.caption}</p>
        )}
        <p className="text-[0.8125rem] text-muted-foreground tabular-nums">
          {formatDuration(video.durationSec)} · {formatRelative(video.createdAt)}
          {video.campaignTitle ? ` · ${video.campaignTitle}` : ''}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button
            size="sm"
            disabled={busy}
            aria-label={`Approve ${video.title}`}
            onClick={() =>
              // mutateAsync: the card leaves the list as it refreshes, and the toast must still show.
              approve.mutateAsync(video.id).then(
                (answer) => toast.success(answer.message),
                () => toast.error('Failed to approve video'),
              )
            }
          >
            {approve.isPending ? <Spinner /> : <Check />} Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-label={`Reject ${video.title}`}
            className="text-destructive hover:bg-red-50"
            onClick={() => setRejecting(true)}
          >
            {reject.isPending ? <Spinner /> : <X />} Reject
          </Button>
        </div>
        <ConfirmDialog
          open={rejecting}
          title={`Reject “${video.title}”?`}
          description={
            <p>
              {video.creator.displayName} is told by email that it was not approved, with your
              reason if you give one. Its files are deleted
              {video.campaignTitle ? ' and its campaign entry is closed' : ''}. This cannot be
              undone.
            </p>
          }
          reason={{
            label: 'Reason',
            maxLength: REASON_MAX,
            placeholder: 'e.g. The product claim in the caption cannot be checked.',
          }}
          confirmLabel="Reject video"
          confirmIcon={<X />}
          destructive
          pending={reject.isPending}
          onCancel={() => setRejecting(false)}
          onConfirm={(reason) =>
            // mutateAsync: the card leaves the list as it refreshes, and the toast must still show.
            reject.mutateAsync({ id: video.id, reason }).then(
              (answer) => {
                setRejecting(false);
                toast.success(answer.message);
              },
              () => toast.error('Failed to reject video'),
            )
          }
        />
      </div>
    </li>
  );
}

export function ListSkeleton() {
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2" aria-label={VIDEO_TEXTS.loading}>
      {[0, 1].map((i) => (
        <li key={i} className="flex gap-4 rounded-3xl border border-border p-4">
          <Skeleton className="aspect-[9/16] w-32 rounded-2xl sm:w-40" />
          <div className="flex flex-1 flex-col gap-2 py-1">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        </li>
      ))}
    </ul>
  );
}

/** SPEC.md §2 Admin Dashboard: videos waiting for review, each with approve and reject. */
export function PendingVideos() {
  const videos = useAdminVideos('pending');
  if (videos.isPending) return <ListSkeleton />;
  if (videos.isError) {
    return (
      <QueryError
        error={videos.error}
        title={serverMessage(videos.error, VIDEO_TEXTS.loadFailed)}
        onRetry={() => void videos.refetch()}
        retrying={videos.isFetching}
      />
    );
  }
  if (videos.data.length === 0) {
    return (
      <StateMessage
        icon={CheckCircle2}
        title={COMMON_TEXTS.allCaughtUp}
        description="No videos are waiting for review."
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {videos.data.map((video) => (
        <ReviewCard key={video.id} video={video} />
      ))}
    </ul>
  );
}
