import {
  FEED_MESSAGES,
  REASON_MAX,
  REPORT_REVIEW_HOURS,
  type ReportInput,
  reportSchema,
} from '@adreel/domain';
import { Flag, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useCreateReport } from '../api/create-report';

interface ReportDialogProps {
  video: { id: string; title: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * SPEC.md §2 Feed: the '...' menu's Report opens 'Report Content' with a reason; signed-out
 * viewers are asked to sign in (§6: reporting needs sign-in). Its own chunk: the feed loads it
 * (and zod and react-hook-form, for the reason's rules) only when someone reports.
 */
export default function ReportDialog({ video, open, onOpenChange }: ReportDialogProps) {
  const session = useSession();
  const report = useCreateReport();
  const form = useZodForm<ReportInput>(reportSchema, { defaultValues: { reason: '' } });
  const signedIn = session.status === 'signed-in';

  function close(next: boolean) {
    if (!next) {
      form.reset();
      report.reset();
    }
    onOpenChange(next);
  }

  function submit({ reason }: ReportInput) {
    report.mutate(
      { videoId: video.id, reason },
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
          form.setError('reason', { type: 'server', message });
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
            <Form form={form} onSubmit={submit} className="gap-5">
              <FormField
                control={form.control}
                name="reason"
                label="Reason"
                aside={
                  <span className="tabular-nums" aria-hidden="true">
                    {form.watch('reason').length}/{REASON_MAX}
                  </span>
                }
              >
                {(control) => (
                  <Textarea
                    {...control}
                    maxLength={REASON_MAX}
                    placeholder="Misleading claims, hateful content, spam…"
                    autoFocus
                  />
                )}
              </FormField>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={() => close(false)}>
                  Cancel
                </Button>
                <Button type="submit" disabled={report.isPending}>
                  {report.isPending ? <Spinner /> : <Flag />} Submit Report
                </Button>
              </div>
            </Form>
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
