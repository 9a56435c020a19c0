import { type BrandSubmission, formatWholeDollars, REASON_MAX } from '@adreel/domain';
import { Check, Inbox, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { serverMessage } from '@/lib/error-message';
import { formatDuration } from '@/lib/format-duration';
import { formatDate } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useApproveSubmission } from '../api/approve-submission';
import { useBrandSubmissions } from '../api/get-brand-submissions';
import { useRejectSubmission } from '../api/reject-submission';
import { SUBMISSION_STATUS } from '../lib/labels';

function RejectDialog({
  submission,
  open,
  onOpenChange,
}: {
  submission: BrandSubmission;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [reason, setReason] = useState('');
  const reject = useRejectSubmission();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    reject.mutate(
      { id: submission.id, reason: reason.trim() || undefined },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onOpenChange(false);
        },
        onError: (error) => toast.error(serverMessage(error, 'Error rejecting the submission')),
      },
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:w-[min(32rem,calc(100vw-2rem))]">
        <form onSubmit={onSubmit} className="flex flex-col gap-4 p-6">
          <DialogTitle className="pr-10 text-xl font-bold tracking-tight">
            Reject “{submission.video.title}”?
          </DialogTitle>
          <DialogDescription className="-mt-2 text-sm text-muted-foreground">
            {submission.creator.displayName} sees that the entry was rejected, with your reason if
            you give one. Nothing is paid.
          </DialogDescription>
          <Field label="Reason" aside="Optional">
            {(control) => (
              <Textarea
                {...control}
                name="reason"
                rows={3}
                maxLength={REASON_MAX}
                placeholder="e.g. The product must be visible in the first 3 seconds."
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            )}
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={reject.isPending}>
              {reject.isPending ? <Spinner /> : <X />} Reject submission
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function SubmissionCard({ submission: s }: { submission: BrandSubmission }) {
  const approve = useApproveSubmission();
  const [rejecting, setRejecting] = useState(false);
  const status = SUBMISSION_STATUS[s.status];
  return (
    <li className="flex gap-4 rounded-3xl border border-border bg-card p-3 shadow-card sm:p-4">
      <div className="aspect-[9/16] w-28 shrink-0 overflow-hidden rounded-2xl bg-ink sm:w-36">
        {s.video.fileUrl ? (
          // biome-ignore lint/a11y/useMediaCaption: creators' ads carry no caption track to offer
          <video
            src={s.video.fileUrl}
            poster={s.video.thumbUrl ?? undefined}
            controls
            playsInline
            preload="none"
            className="size-full object-cover"
            aria-label={`Play ${s.video.title}`}
          />
        ) : (
          <div className="grid size-full place-items-center px-2 text-center text-xs text-ink-muted">
            {s.video.status === 'processing' ? 'Processing…' : 'No preview'}
          </div>
        )}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 py-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <h3 className="line-clamp-2 font-semibold leading-snug text-balance">{s.video.title}</h3>
        <p className="truncate text-[0.8125rem] text-muted-foreground">
          {s.creator.displayName}{' '}
          <span className="text-muted-foreground">@{s.creator.username}</span>
        </p>
        <p className="text-[0.8125rem] text-muted-foreground">
          <span className="font-medium text-foreground/85">{s.campaign.title}</span> ·{' '}
          {formatWholeDollars(s.campaign.payoutPerVideoCents)}
        </p>
        <p className="text-[0.8125rem] text-muted-foreground tabular-nums">
          <time dateTime={s.createdAt}>{formatDate(s.createdAt)}</time>
          {s.video.durationSec !== null ? ` · ${formatDuration(s.video.durationSec)}` : ''}
        </p>
        {s.rejectionReason && (
          <p className="line-clamp-3 text-[0.8125rem] text-pretty">
            <span className="font-semibold">Reason:</span> {s.rejectionReason}
          </p>
        )}
        {s.status === 'submitted' && (
          <div className="mt-auto flex flex-wrap gap-2 pt-2">
            <Button
              size="sm"
              disabled={approve.isPending}
              aria-label={`Approve ${s.video.title}`}
              onClick={() =>
                approve.mutate(s.id, {
                  onSuccess: (answer) => toast.success(answer.message),
                  onError: (error) =>
                    toast.error(serverMessage(error, 'Error approving the submission')),
                })
              }
            >
              {approve.isPending ? <Spinner /> : <Check />} Approve
            </Button>
            <Button
              size="sm"
              variant="outline"
              disabled={approve.isPending}
              aria-label={`Reject ${s.video.title}`}
              className="text-destructive hover:bg-red-50"
              onClick={() => setRejecting(true)}
            >
              <X /> Reject
            </Button>
            <RejectDialog submission={s} open={rejecting} onOpenChange={setRejecting} />
          </div>
        )}
      </div>
    </li>
  );
}

function SubmissionsSkeleton() {
  return (
    <ul aria-label="Loading submissions" className="grid grid-cols-1 gap-3 lg:grid-cols-2">
      {[0, 1].map((i) => (
        <li key={i} className="flex gap-4 rounded-3xl border border-border p-4">
          <Skeleton className="aspect-[9/16] w-28 rounded-2xl sm:w-36" />
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

type Filter = 'review' | 'all';

/** SPEC.md §2: entries to own campaigns; approve and reject only while submitted. */
export function SubmissionsTab() {
  const submissions = useBrandSubmissions();
  const [filter, setFilter] = useState<Filter>('all');
  if (submissions.isPending) return <SubmissionsSkeleton />;
  if (submissions.isError)
    return (
      <QueryError
        error={submissions.error}
        title={serverMessage(submissions.error, 'Error loading submissions')}
        onRetry={() => void submissions.refetch()}
        retrying={submissions.isFetching}
      />
    );
  const waiting = submissions.data.filter((s) => s.status === 'submitted');
  const shown = filter === 'review' ? waiting : submissions.data;
  return (
    <div className="flex flex-col gap-4">
      <fieldset className="flex gap-2" aria-label="Show submissions">
        {(
          [
            ['all', `All (${submissions.data.length})`],
            ['review', `To review (${waiting.length})`],
          ] as const
        ).map(([value, label]) => (
          <Button
            key={value}
            size="sm"
            variant={filter === value ? 'default' : 'outline'}
            aria-pressed={filter === value}
            className={cn('rounded-full')}
            onClick={() => setFilter(value)}
          >
            {label}
          </Button>
        ))}
      </fieldset>
      {shown.length === 0 ? (
        <StateMessage
          icon={Inbox}
          title={filter === 'review' ? 'Nothing to review' : 'No submissions yet'}
          description={
            filter === 'review'
              ? 'Every entry has a decision. New ones appear here as creators upload them.'
              : 'When creators enter your campaigns, their videos appear here for you to approve or reject.'
          }
        />
      ) : (
        <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
          {shown.map((submission) => (
            <SubmissionCard key={submission.id} submission={submission} />
          ))}
        </ul>
      )}
    </div>
  );
}
