import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/** Asks before a job is queued again: the retry is audited. */
export function RetryDialog({
  videoTitle,
  open,
  pending,
  onConfirm,
  onCancel,
}: {
  videoTitle: string;
  open: boolean;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="sm:w-[min(28rem,calc(100vw-2rem))]">
        <div className="px-6 pt-6 pb-6">
          <DialogTitle className="pr-10 text-lg font-bold tracking-tight text-balance">
            Retry processing?
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted-foreground">
            “{videoTitle}” is processed again from its original upload. The retry is written to the
            audit log.
          </DialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button disabled={pending} onClick={onConfirm}>
              {pending && <Spinner />}
              Retry
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
