import { ACCOUNT_DATA_MESSAGES } from '@adreel/domain/account-data-api';
import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useDeleteAccount } from '../api/delete-account';
import { useDownloadAccountData } from '../api/export-account';

/** The account has a second factor this session has not passed: the server's 403 aal2_required. */
const needsSecondFactor = (failure: unknown) =>
  failure instanceof ApiError && failure.code === 'aal2_required';

/** What the confirmation unlocks, after "to" (StepUpNotice's purpose). */
export const YOUR_DATA_PURPOSE = 'download or delete your data';

function DeleteAccountDialog({
  open,
  onOpenChange,
  onNeedsSecondFactor,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onNeedsSecondFactor: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const formRef = useRef<HTMLFormElement>(null);
  // An account that signs in only through a provider confirms with its email instead.
  const [mode, setMode] = useState<'password' | 'email'>('password');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!value.trim()) {
      setError(
        mode === 'password'
          ? ACCOUNT_DATA_MESSAGES.passwordRequired
          : ACCOUNT_DATA_MESSAGES.emailRequired,
      );
      formRef.current?.querySelector('input')?.focus();
      return;
    }
    setError(null);
    remove.mutate(mode === 'password' ? { password: value } : { confirmEmail: value }, {
      onSuccess: async (answer) => {
        toast.success(answer.message || ACCOUNT_DATA_MESSAGES.deleted);
        onOpenChange(false);
        // Leave /account first, or its guard would send the signed-out visitor to sign in.
        await navigate('/', { replace: true });
        await session.signOut();
        queryClient.clear();
      },
      onError: (failure) => {
        if (needsSecondFactor(failure)) {
          onOpenChange(false);
          onNeedsSecondFactor();
          return;
        }
        if (failure instanceof ApiError && failure.code === 'email_required') {
          setMode('email');
          setValue('');
          setError('Your account has no password. Type your email address to confirm.');
          return;
        }
        if (
          failure instanceof ApiError &&
          (failure.status === 400 || failure.code === 'reauthentication_required')
        ) {
          setError(serverMessage(failure, ACCOUNT_DATA_MESSAGES.deleteFailed));
          formRef.current?.querySelector('input')?.focus();
          return;
        }
        toast.error(serverMessage(failure, ACCOUNT_DATA_MESSAGES.deleteFailed));
      },
    });
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setValue('');
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="sm:w-[min(30rem,calc(100vw-2rem))]">
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="flex flex-col gap-5 overflow-y-auto p-6 pb-[calc(1.5rem+env(safe-area-inset-bottom))] sm:pb-6"
        >
          <div className="pr-10">
            <DialogTitle className="text-lg font-bold tracking-tight">
              Delete your account?
            </DialogTitle>
            <DialogDescription asChild>
              <div className="mt-2 text-sm text-pretty text-muted-foreground">
                <p>This can't be undone. When you delete your account:</p>
                <ul className="mt-2 list-disc space-y-1 pl-5">
                  <li>your profile, email address, password and sign-in methods are removed;</li>
                  <li>your videos leave the feed and their files are deleted;</li>
                  <li>your likes and shares are removed;</li>
                  <li>
                    payments brands booked for your videos stay in their records, without your name;
                  </li>
                  <li>you are signed out everywhere.</li>
                </ul>
                <p className="mt-2">Download your data first if you want a copy.</p>
              </div>
            </DialogDescription>
          </div>
          {mode === 'password' ? (
            <Field label="Your password" error={error}>
              {(control) => (
                <PasswordInput
                  {...control}
                  name="password"
                  autoComplete="current-password"
                  required
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              )}
            </Field>
          ) : (
            <Field label="Your email address" error={error}>
              {(control) => (
                <Input
                  {...control}
                  type="email"
                  name="confirmEmail"
                  autoComplete="email"
                  required
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              )}
            </Field>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? <Spinner /> : <Trash2 />} Delete my account
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * /account "Your data" (issue 7): download everything held about you, or delete the account. On an
 * account with a second factor both need a session that passed it; `stepUp` is what the page shows
 * then (the second-factor confirmation, from the mfa feature), told to call `done` once confirmed.
 */
export function YourDataCard({ stepUp }: { stepUp: (done: () => void) => ReactNode }) {
  const download = useDownloadAccountData();
  const [deleting, setDeleting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  return (
    <Card asChild>
      <section aria-labelledby="your-data-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="your-data-title">Your data</h2>
          </CardTitle>
          <CardDescription>
            Everything we hold about you — profile, sign-in methods, videos, likes, reports, payouts
            — as one JSON file, with links to your videos.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-4 p-6 pt-4">
          {confirming && stepUp(() => setConfirming(false))}
          <div>
            <Button
              variant="outline"
              disabled={download.isPending}
              onClick={() =>
                download.mutate(undefined, {
                  onError: (error) => {
                    if (needsSecondFactor(error)) setConfirming(true);
                    toast.error(serverMessage(error, ACCOUNT_DATA_MESSAGES.exportFailed));
                  },
                })
              }
            >
              {download.isPending ? <Spinner /> : <Download />} Download your data
            </Button>
          </div>
          <div className="flex flex-col gap-3 rounded-2xl border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0">
              <h3 className="text-sm font-semibold">Delete account</h3>
              <p className="mt-0.5 text-sm text-pretty text-muted-foreground">
                Remove your account and personal data for good.
              </p>
            </div>
            <Button variant="destructive" className="shrink-0" onClick={() => setDeleting(true)}>
              <Trash2 /> Delete account
            </Button>
          </div>
        </div>
        <DeleteAccountDialog
          open={deleting}
          onOpenChange={setDeleting}
          onNeedsSecondFactor={() => {
            setConfirming(true);
            toast.error(ACCOUNT_DATA_MESSAGES.confirmSecondFactor);
          }}
        />
      </section>
    </Card>
  );
}
