import { AUTH_TEXTS, atLeastCharacters, PASSWORD_MIN, passwordSchema } from '@adreel/domain';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { focusField, validate } from '@/lib/validate';
import { useResetPassword } from '../api/reset-password';

const MISMATCH = AUTH_TEXTS.passwordsMismatch;

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(passwordSchema, password);
    if (!result.ok) {
      setErrors({ password: result.message });
      focusField(formRef.current, 'password');
      return;
    }
    if (confirm !== password) {
      setErrors({ confirm: MISMATCH });
      focusField(formRef.current, 'confirm');
      return;
    }
    setErrors({});
    reset.mutate(
      { token, password: result.data },
      {
        onError: (error) => {
          const message = serverMessage(error, 'Error resetting password');
          setErrors({ password: message });
          toast.error(message);
        },
      },
    );
  }

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col items-center text-center" role="status">
        <span className="grid size-14 place-items-center rounded-2xl bg-emerald-50 text-emerald-700">
          <CircleCheck className="size-7" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-xl font-bold tracking-tight">{AUTH_TEXTS.passwordChanged}</h2>
        <p className="mt-2 max-w-sm text-pretty text-sm text-muted-foreground">
          {reset.data.message || 'Your password has been changed. Sign in with your new password.'}
        </p>
        <Button asChild size="lg" className="mt-6 w-full">
          <Link to="/auth">
            Sign In <ArrowRight />
          </Link>
        </Button>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field
        label={AUTH_TEXTS.newPassword}
        hint={atLeastCharacters(PASSWORD_MIN)}
        error={errors.password}
      >
        {(control) => (
          <PasswordInput
            {...control}
            name="password"
            autoComplete="new-password"
            required
            autoFocus
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label={AUTH_TEXTS.confirmNewPassword} error={errors.confirm}>
        {(control) => (
          <PasswordInput
            {...control}
            name="confirm"
            autoComplete="new-password"
            required
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
        {reset.isPending ? (
          <>
            <Spinner /> Saving…
          </>
        ) : (
          'Set new password'
        )}
      </Button>
    </form>
  );
}
