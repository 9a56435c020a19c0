import type { FormEvent, ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';

/** How long a toast after a reversible admin action offers Undo (issue 18: confirm or undo). */
export const UNDO_TOAST_MS = 8000;

/** An optional reason asked for in the dialog, e.g. for the person the action is about. */
export interface ConfirmReason {
  label: string;
  placeholder?: string;
  maxLength: number;
}

/**
 * One question before an action that cannot simply be taken back (issue 18): a title, what will
 * happen and who is told, Cancel, and the action's own words on the confirm button. With `reason`,
 * a text field whose trimmed text (or undefined when blank) is handed to `onConfirm`. Closing
 * (Cancel, the close button, Escape, a tap outside) is refused while the action is pending.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  confirmIcon,
  destructive = false,
  pending = false,
  reason,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  confirmIcon?: ReactNode;
  destructive?: boolean;
  pending?: boolean;
  reason?: ConfirmReason;
  onConfirm: (reason?: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  // A new question starts with an empty reason.
  useEffect(() => {
    if (open) setText('');
  }, [open]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    onConfirm(reason ? text.trim() || undefined : undefined);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !pending && onCancel()}>
      <DialogContent className="sm:w-[min(30rem,calc(100vw-2rem))]">
        <form
          onSubmit={onSubmit}
          className="flex flex-col gap-4 p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] sm:pb-6"
        >
          <DialogTitle className="pr-10 text-lg font-bold tracking-tight text-balance wrap-anywhere">
            {title}
          </DialogTitle>
          <DialogDescription asChild>
            <div className="-mt-2 flex flex-col gap-2 text-sm text-pretty text-muted-foreground wrap-anywhere">
              {description}
            </div>
          </DialogDescription>
          {reason && (
            <Field label={reason.label} aside="Optional">
              {(control) => (
                <Textarea
                  {...control}
                  name="reason"
                  rows={3}
                  maxLength={reason.maxLength}
                  placeholder={reason.placeholder}
                  value={text}
                  disabled={pending}
                  onChange={(e) => setText(e.target.value)}
                />
              )}
            </Field>
          )}
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={pending}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'default'}
              disabled={pending}
            >
              {pending ? <Spinner /> : confirmIcon}
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
