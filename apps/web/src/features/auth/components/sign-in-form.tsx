import {
  homePathFor,
  MESSAGES,
  type MfaRequired,
  type SignInInput,
  signInSchema,
} from '@adreel/domain';
import { ArrowRight } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useReturnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { useSignIn } from '../api/sign-in';
import { PasskeySignInButton } from './passkey-sign-in-button';
import { ProviderButtons } from './provider-buttons';

interface SignInFormProps {
  defaultEmail?: string;
  /** The account has a second factor: hand over to the code step. */
  onMfaRequired: (mfa: MfaRequired['mfa']) => void;
  onForgotPassword: (email: string) => void;
}

export function SignInForm({
  defaultEmail = '',
  onMfaRequired,
  onForgotPassword,
}: SignInFormProps) {
  const session = useSession();
  const navigate = useNavigate();
  const returnTo = useReturnPath();
  const signIn = useSignIn();
  const form = useZodForm<SignInInput>(signInSchema, {
    defaultValues: { email: defaultEmail, password: '' },
  });

  function onSubmit(input: SignInInput) {
    signIn.mutate(input, {
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
    <Form form={form} onSubmit={onSubmit}>
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
        aside={
          <button
            type="button"
            onClick={() => onForgotPassword(form.getValues('email').trim())}
            className="cursor-pointer rounded-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            Forgot password?
          </button>
        }
      >
        {(control) => <PasswordInput {...control} autoComplete="current-password" required />}
      </FormField>
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
    </Form>
  );
}
