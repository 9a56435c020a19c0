import {
  AUTH_TEXTS,
  atLeastCharacters,
  MESSAGES,
  PASSWORD_MIN,
  type RequestableRole,
  type SignUpInput,
  signUpSchema,
  withBrand,
} from '@adreel/domain';
import { ArrowRight, Clapperboard, Eye, MailCheck, Megaphone } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { type RadioCardOption, RadioCards } from '@/components/ui/radio-cards';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { appName } from '@/lib/app-name';
import { serverMessage } from '@/lib/error-message';
import { focusField, validate } from '@/lib/validate';
import { useSignUp } from '../api/sign-up';
import { ProviderButtons } from './provider-buttons';

const PRIVATE_BETA_MESSAGE = MESSAGES.privateBeta;

const ROLE_OPTIONS: RadioCardOption<RequestableRole>[] = [
  { value: 'viewer', label: 'Viewer', description: AUTH_TEXTS.viewerRole, icon: Eye },
  { value: 'creator', label: 'Creator', description: AUTH_TEXTS.creatorRole, icon: Clapperboard },
  { value: 'brand', label: 'Brand', description: AUTH_TEXTS.brandRole, icon: Megaphone },
];

type FieldName = 'username' | 'displayName' | 'email' | 'password' | 'inviteCode' | 'role';
type Errors = Partial<Record<FieldName, string>>;

const CONFLICT_FIELD: Record<string, { field: FieldName; fallback: string }> = {
  username_taken: { field: 'username', fallback: 'This username is already taken' },
};

/**
 * After sign-up (decision 022): no session yet, the mailed link finishes it. The same words whether
 * or not the address already had an account, which the server does not say.
 */
export function CheckInbox({ email }: { email: string }) {
  return (
    <div className="flex flex-col items-center text-center" role="status">
      <span className="grid size-14 place-items-center rounded-2xl bg-primary/10 text-primary">
        <MailCheck className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 text-xl font-bold tracking-tight">{AUTH_TEXTS.checkInbox}</h2>
      <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
        {AUTH_TEXTS.sentLinkTo}{' '}
        <strong className="font-semibold break-all text-foreground">{email}</strong>. Open it to
        confirm your email address and finish signing up: the link signs you in.
      </p>
      <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
        Open it in this browser to keep the password you just chose; elsewhere you will choose one
        again. No mail after a few minutes? Look in your spam folder.
      </p>
    </div>
  );
}

export function SignUpForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const roleLabelId = useId();
  const [values, setValues] = useState({
    username: '',
    displayName: '',
    email: defaultEmail,
    password: '',
    inviteCode: '',
  });
  const [role, setRole] = useState<RequestableRole>('viewer');
  const [errors, setErrors] = useState<Errors>({});

  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  function fail(field: FieldName | null, message: string) {
    setErrors(field ? { [field]: message } : {});
    focusField(formRef.current, field);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: Record<string, string> = { ...values, role };
    // Empty optional fields are left out rather than sent as "".
    if (!values.displayName.trim()) delete input.displayName;
    if (!values.inviteCode.trim()) delete input.inviteCode;
    const result = validate(signUpSchema, input);
    if (!result.ok) {
      fail(result.field as FieldName | null, result.message);
      return;
    }
    setErrors({});
    const body: SignUpInput = result.data;
    signUp.mutate(body, {
      onSuccess: () => setSentTo(body.email),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'private_beta') {
          toast.error(serverMessage(error, withBrand(PRIVATE_BETA_MESSAGE, appName())));
          void navigate(`/join?email=${encodeURIComponent(body.email)}`);
          return;
        }
        const conflict = error instanceof ApiError ? CONFLICT_FIELD[error.code] : undefined;
        if (conflict) {
          fail(conflict.field, serverMessage(error, conflict.fallback));
          return;
        }
        const fallback = MESSAGES.signUpFailed;
        const status = error instanceof ApiError ? error.status : 0;
        toast.error(status === 400 || status === 429 ? serverMessage(error, fallback) : fallback);
      },
    });
  }

  if (sentTo) return <CheckInbox email={sentTo} />;

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Username" error={errors.username}>
          {(control) => (
            <Input
              {...control}
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="maya"
              required
              value={values.username}
              onChange={(e) => set('username')(e.target.value)}
            />
          )}
        </Field>
        <Field label="Display name" aside="Optional" error={errors.displayName}>
          {(control) => (
            <Input
              {...control}
              name="displayName"
              autoComplete="name"
              placeholder="Maya Chen"
              value={values.displayName}
              onChange={(e) => set('displayName')(e.target.value)}
            />
          )}
        </Field>
      </div>
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Password" hint={atLeastCharacters(PASSWORD_MIN)} error={errors.password}>
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(e) => set('password')(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Invite code"
        hint="Optional if your email is whitelisted"
        error={errors.inviteCode}
      >
        {(control) => (
          <Input
            {...control}
            name="inviteCode"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD1234"
            className="font-mono tracking-[0.12em] uppercase placeholder:tracking-[0.12em]"
            value={values.inviteCode}
            onChange={(e) => set('inviteCode')(e.target.value.toUpperCase())}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2">
        <p id={roleLabelId} className="text-sm font-semibold">
          I am a...
        </p>
        <RadioCards
          labelledBy={roleLabelId}
          options={ROLE_OPTIONS}
          value={role}
          onValueChange={setRole}
        />
        {errors.role && <p className="text-sm font-medium text-destructive">{errors.role}</p>}
      </div>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={signUp.isPending}>
        {signUp.isPending ? (
          <>
            <Spinner /> Creating account…
          </>
        ) : (
          <>
            Create account <ArrowRight />
          </>
        )}
      </Button>
      {/* With a provider the invite code above (if any) comes along for a first sign-in. */}
      <ProviderButtons inviteCode={values.inviteCode} />
      <p className="text-center text-sm text-muted-foreground">
        No invite code?{' '}
        <Link
          to="/join"
          className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Request here
        </Link>
      </p>
    </form>
  );
}
