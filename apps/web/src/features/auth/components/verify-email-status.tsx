import { homePathFor } from '@adreel/domain';
import { ArrowRight, CircleAlert, CircleCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { verifyEmail } from '../api/verify-email';

type Outcome = { ok: true; message: string } | { ok: false; message: string };

const FAILED = 'This verification link is invalid or has expired.';

// A token works once: StrictMode's second effect, or a re-render, must reuse the first answer.
const attempts = new Map<string, Promise<Outcome>>();

function verifyOnce(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyEmail({ token }).then(
      (body): Outcome => ({ ok: true, message: body.message || 'Your email is verified.' }),
      (error: unknown): Outcome => ({ ok: false, message: serverMessage(error, FAILED) }),
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

/** Posts the mailed token once and says how it went; a signed-in user then gets the new role. */
export function VerifyEmailStatus({ token }: { token: string }) {
  const session = useSession();
  const { refresh } = session;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    let live = true;
    void verifyOnce(token).then(async (result) => {
      // The role the whitelist grants arrives with a fresh session.
      if (result.ok) await refresh();
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [token, refresh]);

  if (!outcome) {
    return (
      <p
        role="status"
        className="flex items-center justify-center gap-3 py-6 text-muted-foreground"
      >
        <Spinner className="text-primary" /> Verifying your email…
      </p>
    );
  }

  const signedIn = session.status === 'signed-in';
  const Icon = outcome.ok ? CircleCheck : CircleAlert;
  return (
    <div className="flex flex-col items-center text-center" role="status">
      <span
        className={
          outcome.ok
            ? 'grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700'
            : 'grid size-14 place-items-center rounded-2xl bg-red-50 text-destructive'
        }
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold tracking-tight">
        {outcome.ok ? 'Email verified' : 'We could not verify your email'}
      </h2>
      <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">{outcome.message}</p>
      {!outcome.ok && signedIn && (
        <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
          You can ask for a new link from the banner at the top of any page.
        </p>
      )}
      <Button asChild size="lg" className="mt-6 w-full">
        {signedIn ? (
          <Link to={homePathFor(session.user.roles)}>
            Continue <ArrowRight />
          </Link>
        ) : (
          <Link to="/auth">
            Sign In <ArrowRight />
          </Link>
        )}
      </Button>
    </div>
  );
}
