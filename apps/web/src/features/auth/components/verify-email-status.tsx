import {
  AUTH_TEXTS,
  atLeastCharacters,
  homePathFor,
  MESSAGES,
  PASSWORD_MIN,
  passwordSchema,
  type Session,
  usernameSchema,
  type VerifyEmailResponse,
} from '@adreel/domain';
import { ArrowRight, CircleAlert, CircleCheck, KeyRound } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { withConfirmation } from '@/lib/confirm-password';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useVerifyEmail, verifyEmail } from '../api/verify-email';

type Outcome =
  | { kind: 'signed-in'; session: Session }
  | { kind: 'choose-password'; email: string; username: string; message: string }
  | { kind: 'verified'; message: string }
  | { kind: 'failed'; message: string };
type Shown = Exclude<Outcome, { kind: 'signed-in' }>;

const FAILED = 'This verification link is invalid or has expired.';

function outcomeOf(body: VerifyEmailResponse): Outcome {
  if ('session' in body) return { kind: 'signed-in', session: body.session };
  if ('passwordRequired' in body)
    return {
      kind: 'choose-password',
      email: body.email,
      username: body.username,
      message: body.message,
    };
  return { kind: 'verified', message: body.message || 'Your email is verified.' };
}

// A token works once: StrictMode's second effect, or a re-render, must reuse the first answer.
const attempts = new Map<string, Promise<Outcome>>();

function verifyOnce(token: string): Promise<Outcome> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = verifyEmail({ token }).then(outcomeOf, (error: unknown) => ({
      kind: 'failed' as const,
      message: serverMessage(error, FAILED),
    }));
    attempts.set(token, attempt);
  }
  return attempt;
}

/**
 * /auth/verify (decision 022): the mailed link proves the address. Opened in the browser that
 * signed up it signs in straight away; opened elsewhere the prover chooses a password first (and
 * may pick another username), and whatever was set up on the account before is removed.
 */
export function VerifyEmailStatus({ token }: { token: string }) {
  const session = useSession();
  const { refresh, setSession } = session;
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Shown | null>(null);

  const signIn = useCallback(
    (next: Session) => {
      setSession(next);
      // SPEC.md §2: after sign-up the user goes by role; the link is where sign-up ends now.
      toast.success(MESSAGES.accountCreated);
      void navigate(homePathFor(next.user.roles), { replace: true });
    },
    [setSession, navigate],
  );

  useEffect(() => {
    let live = true;
    void verifyOnce(token).then(async (result) => {
      if (!live) return;
      if (result.kind === 'signed-in') return signIn(result.session);
      // An address proven before: a signed-in user's role may have changed with it.
      if (result.kind === 'verified') await refresh();
      if (live) setOutcome(result);
    });
    return () => {
      live = false;
    };
  }, [token, refresh, signIn]);

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

  if (outcome.kind === 'choose-password') {
    return (
      <ChoosePasswordForm
        token={token}
        email={outcome.email}
        username={outcome.username}
        message={outcome.message}
        onSignedIn={signIn}
      />
    );
  }

  const ok = outcome.kind !== 'failed';
  const signedIn = session.status === 'signed-in';
  const home = signedIn ? homePathFor(session.user.roles) : null;
  const Icon = ok ? CircleCheck : CircleAlert;
  return (
    <div className="flex flex-col items-center text-center" role="status">
      <span
        className={
          ok
            ? 'grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700'
            : 'grid size-14 place-items-center rounded-2xl bg-red-50 text-destructive'
        }
      >
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold tracking-tight">
        {ok ? 'Email verified' : 'We could not verify your email'}
      </h2>
      <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">{outcome.message}</p>
      {!ok && signedIn && (
        <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
          You can ask for a new link from the banner at the top of any page.
        </p>
      )}
      <Button asChild size="lg" className="mt-6 w-full">
        {home ? (
          <Link to={home}>
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

const choosePasswordSchema = withConfirmation(
  z.object({ username: usernameSchema, password: passwordSchema }),
  'password',
);
type ChoosePasswordValues = z.input<typeof choosePasswordSchema>;

function ChoosePasswordForm(props: {
  token: string;
  email: string;
  username: string;
  message: string;
  onSignedIn: (session: Session) => void;
}) {
  const { token, email, message, onSignedIn } = props;
  const verify = useVerifyEmail();
  const form = useZodForm<ChoosePasswordValues, z.output<typeof choosePasswordSchema>>(
    choosePasswordSchema,
    { defaultValues: { username: props.username, password: '', confirm: '' } },
  );

  function fail(field: 'username' | 'password', text: string) {
    form.setError(field, { type: 'server', message: text }, { shouldFocus: true });
  }

  function onSubmit({ username, password }: z.output<typeof choosePasswordSchema>) {
    verify.mutate(
      {
        token,
        password,
        ...(username !== props.username ? { username } : {}),
      },
      {
        onSuccess: (body) => {
          if ('session' in body) onSignedIn(body.session);
          else fail('password', serverMessage(null, FAILED));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'username_taken')
            return fail('username', serverMessage(error, 'That username is taken'));
          const text = serverMessage(error, FAILED);
          fail('password', text);
          toast.error(text);
        },
      },
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <div className="flex flex-col items-center text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
          <KeyRound className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-bold tracking-tight">Choose a password</h2>
        <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
          For <strong className="font-semibold break-all text-foreground">{email}</strong>.{' '}
          {message}
        </p>
      </div>
      <FormField
        control={form.control}
        name="username"
        label="Username"
        hint="Keep it, or pick another"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
        )}
      </FormField>
      <FormField
        control={form.control}
        name="password"
        label={AUTH_TEXTS.newPassword}
        hint={atLeastCharacters(PASSWORD_MIN)}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" required autoFocus />}
      </FormField>
      <FormField control={form.control} name="confirm" label={AUTH_TEXTS.confirmNewPassword}>
        {(control) => <PasswordInput {...control} autoComplete="new-password" required />}
      </FormField>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={verify.isPending}>
        {verify.isPending ? (
          <>
            <Spinner /> Saving…
          </>
        ) : (
          'Set password and sign in'
        )}
      </Button>
    </Form>
  );
}
