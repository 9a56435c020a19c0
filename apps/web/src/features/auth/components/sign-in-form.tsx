import { homePathFor, MESSAGES, type MfaRequired, signInSchema } from '@adreel/domain';
import { ArrowRight } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useReturnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { focusField, validate } from '@/lib/validate';
import { useSignIn } from '../api/sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { ProviderButtons } from './provider-buttons';

interface SignInFormProps {
  defaultEmail?: string;
  /** The account has a second factor: hand over to the code step. */
  onMfaRequired: (mfa: MfaRequired['mfa']) => void;
  onForgotPassword: (email: string) => void;
}

type Errors = Partial<Record<'email' | 'password', string>>;

export function SignInForm({
  defaultEmail = '',
  onMfaRequired,
  onForgotPassword,
}: SignInFormProps) {
  const session = useSession();
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const signIn = useSignIn();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(defaultEmail);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(signInSchema, { email, password });
    if (!result.ok) {
      setErrors({ [result.field ?? 'email']: result.message });
      focusField(formRef.current, result.field);
      return;
    }
    setErrors({});
    signIn.mutate(result.data, {
      onSuccess: (body) => {
        if ('mfa' in body) {
          onMfaRequired(body.mfa);
          return;
        }
        if (!body.session) {
          toast.error(MESSAGES.signInFailed);
          return;
        }
        session.setSession(body.session);
        toast.success(MESSAGES.welcomeBack);
        void navigate(returnTo ?? homePathFor(body.session.user.roles), { replace: true });
      },
      onError: (error) => toast.error(serverMessage(error, MESSAGES.signInFailed)),
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
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
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Field
        label="Password"
        error={errors.password}
        aside={
          <button
            type="button"
            onClick={() => onForgotPassword(email.trim())}
            className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </button>
        }
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={signIn.isPending}>
        {signIn.isPending ? (
          <>
            <Spinner /> Signing in…
          </>
        ) : (
          <>
            Sign In <ArrowRight />
          </>
        )}
      </Button>
      <PasskeySignInButton />
      <ProviderButtons next={returnTo} />
    </form>
  );
}
