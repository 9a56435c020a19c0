import { FEED_MESSAGES, REASON_MAX, REPORT_REVIEW_HOURS, reportSchema } from '@adreel/domain';
import { Flag, LogIn } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { validate } from '@/lib/validate';
import { useCreateReport } from '../api/create-report';

interface ReportDialogProps {
  video: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC.md §2 Feed: the '...' menu's Report opens 'Report Content' with a reason; signed-out
 * viewers are asked to sign in (§6: reporting needs sign-in). Its own chunk: the feed loads it
 * (and zod, for the reason's rules) only when someone reports.
 */
export default function ReportDialog({ video, open, onOpenChange }: ReportDialogProps) {
  const session = useSession();
  const report = useCreateReport();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const signedIn = session.status === 'signed-in';

  function close(next: boolean) {
    if (!next) {
      setReason('');
      setError(null);
      report.reset();
    }
    onOpenChange(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validate(reportSchema, { reason });
    if (!checked.ok) {
      setError(checked.message);
      event.currentTarget.querySelector('textarea')?.focus();
      return;
    }
    setError(null);
    report.mutate(
      { videoId: video.id, reason: checked.data.reason },
      {
        onSuccess: (result) => {
          // Already reported (one open report per person and video): said kindly, not as an error.
          if (result.alreadyReported) toast.info(FEED_MESSAGES.reportAlreadyFiled);
          else toast.success(FEED_MESSAGES.reportSubmitted);
          close(false);
        },
        onError: (failure) => {
          const message =
            failure instanceof ApiError && failure.status === 401
              ? FEED_MESSAGES.reportSignIn
              : serverMessage(failure, FEED_MESSAGES.reportFailed);
          setError(message);
          toast.error(message);
        },
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:w-[min(28rem,calc(100vw-2rem))]">
        <div className="flex flex-col gap-5 p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] sm:pb-6">
          <div className="flex items-start gap-3 pr-10">
            <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-brand-soft text-primary">
              <Flag className="size-5" aria-hidden="true" />
            </span>
            <div className="min-w-0">
              <DialogTitle className="text-lg font-bold tracking-tight">Report Content</DialogTitle>
              <DialogDescription className="mt-0.5 text-sm text-pretty text-muted-foreground">
                {signedIn
                  ? `Tell us what is wrong with “${video.title}”. Our team reviews reports within ${REPORT_REVIEW_HOURS} hours.`
                  : FEED_MESSAGES.reportSignIn}
              </DialogDescription>
            </div>
          </div>
          {signedIn ? (
            <form noValidate onSubmit={submit} className="flex flex-col gap-5">
              <Field
                label="Reason"
                error={error}
                aside={
                  <span className="tabular-nums" aria-hidden="true">
                    {reason.length}/{REASON_MAX}
                  </span>
                }
              >
                {(control) => (
                  <Textarea
                    {...control}
                    name="reason"
                    value={reason}
                    maxLength={REASON_MAX}
                    placeholder="Misleading claims, hateful content, spam…"
                    onChange={(event) => setReason(event.target.value)}
                    autoFocus
                  />
                )}
              </Field>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => close(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={report.isPending}>
                  {report.isPending ? <Spinner /> : <Flag />} Submit Report
                </Button>
              </div>
            </form>
          ) : (
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => close(false)}>
                Not now
              </Button>
              <Button asChild>
                <Link to="/auth">
                  <LogIn /> Sign In
                </Link>
              </Button>
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
