import { AUTH_TEXTS, atLeastCharacters, PASSWORD_MIN, passwordSchema } from '@adreel/domain';
import { ArrowRight, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { withConfirmation } from '@/lib/confirm-password';
import { serverMessage } from '@/lib/error-message';
import { useResetPassword } from '../api/reset-password';

const resetFormSchema = withConfirmation(z.object({ password: passwordSchema }), 'password');
type ResetValues = z.input<typeof resetFormSchema>;

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useZodForm<ResetValues>(resetFormSchema, {
    defaultValues: { password: '', confirm: '' },
  });

  function onSubmit({ password }: ResetValues) {
    reset.mutate(
      { token, password },
      {
        onError: (error) => {
          const message = serverMessage(error, 'Error resetting password');
          form.setError('password', { type: 'server', message });
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
    <Form form={form} onSubmit={onSubmit}>
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
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={reset.isPending}>
        {reset.isPending ? (
          <>
            <Spinner /> Saving…
          </>
        ) : (
          'Set new password'
        )}
      </Button>
    </Form>
  );
}
