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
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormField,
  FormMessage,
  fieldMessage,
  setServerFieldError,
  useZodForm,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { type RadioCardOption, RadioCards } from '@/components/ui/radio-cards';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { appName } from '@/lib/app-name';
import { serverMessage } from '@/lib/error-message';
import { useSignUp } from '../api/sign-up';
import { ProviderButtons } from './provider-buttons';

const PRIVATE_BETA_MESSAGE = MESSAGES.privateBeta;

const ROLE_OPTIONS: RadioCardOption<RequestableRole>[] = [
  { value: 'viewer', label: 'Viewer', description: AUTH_TEXTS.viewerRole, icon: Eye },
  { value: 'creator', label: 'Creator', description: AUTH_TEXTS.creatorRole, icon: Clapperboard },
  { value: 'brand', label: 'Brand', description: AUTH_TEXTS.brandRole, icon: Megaphone },
];

interface SignUpValues {
  username: string;
  displayName: string;
  email: string;
  password: string;
  inviteCode: string;
  role: RequestableRole;
}

/** Empty optional fields are left out rather than sent as "". */
function withoutEmptyOptionals(values: SignUpValues): Partial<SignUpValues> {
  const input: Partial<SignUpValues> = { ...values };
  if (!values.displayName.trim()) delete input.displayName;
  if (!values.inviteCode.trim()) delete input.inviteCode;
  return input;
}

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
  const roleLabelId = useId();
  const form = useZodForm<SignUpValues, SignUpInput>(signUpSchema, {
    defaultValues: {
      username: '',
      displayName: '',
      email: defaultEmail,
      password: '',
      inviteCode: '',
      role: 'viewer',
    },
    prepare: withoutEmptyOptionals,
  });

  function onSubmit(body: SignUpInput) {
    signUp.mutate(body, {
      onSuccess: () => setSentTo(body.email),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'private_beta') {
          toast.error(serverMessage(error, withBrand(PRIVATE_BETA_MESSAGE, appName())));
          void navigate(`/join?email=${encodeURIComponent(body.email)}`);
          return;
        }
        if (setServerFieldError(form, error, { username_taken: 'username' })) return;
        const fallback = MESSAGES.signUpFailed;
        const status = error instanceof ApiError ? error.status : 0;
        toast.error(status === 400 || status === 429 ? serverMessage(error, fallback) : fallback);
      },
    });
  }

  if (sentTo) return <CheckInbox email={sentTo} />;

  return (
    <Form form={form} onSubmit={onSubmit}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField control={form.control} name="username" label="Username">
          {(control) => (
            <Input
              {...control}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="maya"
              required
            />
          )}
        </FormField>
        <FormField control={form.control} name="displayName" label="Display name" aside="Optional">
          {(control) => <Input {...control} autoComplete="name" placeholder="Maya Chen" />}
        </FormField>
      </div>
      <FormField control={form.control} name="email" label="Email">
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
          />
        )}
      </FormField>
      <FormField
        control={form.control}
        name="password"
        label="Password"
        hint={atLeastCharacters(PASSWORD_MIN)}
      >
        {(control) => <PasswordInput {...control} autoComplete="new-password" required />}
      </FormField>
      <FormField
        control={form.control}
        name="inviteCode"
        label="Invite code"
        hint="Optional if your email is whitelisted"
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="ABCD1234"
            className="font-mono tracking-[0.12em] uppercase placeholder:tracking-[0.12em]"
            onChange={(e) => control.onChange(e.target.value.toUpperCase())}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-2">
        <p id={roleLabelId} className="text-sm font-semibold">
          I am a...
        </p>
        <RadioCards
          labelledBy={roleLabelId}
          options={ROLE_OPTIONS}
          value={form.watch('role')}
          onValueChange={(role) => form.setValue('role', role, { shouldValidate: true })}
        />
        <FormMessage message={fieldMessage(form.formState.errors.role)} />
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
      <ProviderButtons inviteCode={form.watch('inviteCode')} />
      <p className="text-center text-sm text-muted-foreground">
        No invite code?{' '}
        <Link
          to="/join"
          className="rounded-sm font-semibold text-primary underline-offset-4 hover:underline"
        >
          Request here
        </Link>
      </p>
    </Form>
  );
}
