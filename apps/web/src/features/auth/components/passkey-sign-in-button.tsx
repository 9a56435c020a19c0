import { homePathFor, MESSAGES } from '@adreel/domain';
import { KeyRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { isPasskeyBrowserError, isPasskeyCancelled, passkeysSupported } from '@/lib/passkey';
import { useSession } from '@/lib/session';
import { useSignInWithPasskey } from '../api/sign-in-with-passkey';

/** What a failed passkey ceremony tells the person; a closed prompt is not an error. */
export function passkeyFailure(error: unknown): { gentle: boolean; message: string } {
  if (isPasskeyCancelled(error)) {
    return {
      gentle: true,
      message: 'Passkey sign-in was cancelled. Try again, or use your password.',
    };
  }
  if (isPasskeyBrowserError(error)) {
    return {
      gentle: false,
      message: "Your passkey couldn't be used here. Try again, or sign in with your password.",
    };
  }
  return { gentle: false, message: serverMessage(error, MESSAGES.signInFailed) };
}

export function showPasskeyFailure(error: unknown) {
  const { gentle, message } = passkeyFailure(error);
  if (gentle) toast(message);
  else toast.error(message);
}

export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-xs font-medium text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      or
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </div>
  );
}

/** Passwordless sign-in: any passkey this browser holds for the site; the server says whose. */
export function PasskeySignInButton() {
  const session = useSession();
  const navigate = useNavigate();
  const signIn = useSignInWithPasskey();
  if (!passkeysSupported()) return null;

  function start() {
    signIn.mutate(undefined, {
      onSuccess: ({ session: next }) => {
        if (!next) {
          toast.error(MESSAGES.signInFailed);
          return;
        }
        session.setSession(next);
        toast.success(MESSAGES.welcomeBack);
        void navigate(homePathFor(next.user.roles), { replace: true });
      },
      onError: showPasskeyFailure,
    });
  }

  return (
    <>
      <OrDivider />
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        disabled={signIn.isPending}
        onClick={start}
      >
        {signIn.isPending ? <Spinner /> : <KeyRound />}
        Sign in with a passkey
      </Button>
    </>
  );
}
