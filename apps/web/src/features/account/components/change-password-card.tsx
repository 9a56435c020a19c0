import {
  AUTH_TEXTS,
  atLeastCharacters,
  changePasswordBodySchema,
  PASSWORD_MIN,
} from '@adreel/domain';
import { toast } from 'sonner';
import type { z } from 'zod';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { withConfirmation } from '@/lib/confirm-password';
import { serverMessage } from '@/lib/error-message';
import { useChangePassword } from '../api/change-password';
import { useSignInMethods } from '../api/get-sign-in-methods';

const changePasswordFormSchema = withConfirmation(changePasswordBodySchema, 'newPassword');
type ChangePasswordValues = z.input<typeof changePasswordFormSchema>;
const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordCard() {
  const methods = useSignInMethods();
  const change = useChangePassword();
  const form = useZodForm<ChangePasswordValues>(changePasswordFormSchema, {
    defaultValues: EMPTY,
  });

  function onSubmit({ currentPassword, newPassword }: ChangePasswordValues) {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          toast.success(AUTH_TEXTS.passwordChanged);
          form.reset(EMPTY);
        },
        onError: (error) => {
          // A wrong current password is the user's to fix, at that field.
          if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
            form.setError(
              'currentPassword',
              { type: 'server', message: serverMessage(error, 'Current password is incorrect') },
              { shouldFocus: true },
            );
            return;
          }
          toast.error(serverMessage(error, 'Error changing password'));
        },
      },
    );
  }

  // An account made through a provider has no password to change: Sign-in methods sets a first one.
  if (methods.data && !methods.data.hasPassword) return null;

  return (
    <Card asChild>
      <section aria-labelledby="password-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="password-title">Change password</h2>
          </CardTitle>
          <CardDescription>You'll stay signed in on this device.</CardDescription>
        </CardHeader>
        <Form form={form} onSubmit={onSubmit} className="p-6">
          <FormField control={form.control} name="currentPassword" label="Current password">
            {(control) => <PasswordInput {...control} autoComplete="current-password" required />}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              control={form.control}
              name="newPassword"
              label={AUTH_TEXTS.newPassword}
              hint={atLeastCharacters(PASSWORD_MIN)}
            >
              {(control) => <PasswordInput {...control} autoComplete="new-password" required />}
            </FormField>
            <FormField control={form.control} name="confirm" label={AUTH_TEXTS.confirmNewPassword}>
              {(control) => <PasswordInput {...control} autoComplete="new-password" required />}
            </FormField>
          </div>
          <div className="flex justify-end pt-1">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Spinner />}
              Change password
            </Button>
          </div>
        </Form>
      </section>
    </Card>
  );
}
