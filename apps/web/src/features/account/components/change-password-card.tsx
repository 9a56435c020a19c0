import {
  AUTH_TEXTS,
  atLeastCharacters,
  changePasswordBodySchema,
  PASSWORD_MIN,
} from '@adreel/domain';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { PasswordInput } from '@/components/password-input';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { focusField, validate } from '@/lib/validate';
import { useChangePassword } from '../api/change-password';
import { useSignInMethods } from '../api/get-sign-in-methods';

type FieldName = 'currentPassword' | 'newPassword' | 'confirm';
const EMPTY = { currentPassword: '', newPassword: '', confirm: '' };

export function ChangePasswordCard() {
  const methods = useSignInMethods();
  const change = useChangePassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  function fail(field: FieldName, message: string) {
    setErrors({ [field]: message });
    focusField(formRef.current, field);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(changePasswordBodySchema, {
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    if (!result.ok) {
      fail((result.field as FieldName | null) ?? 'currentPassword', result.message);
      return;
    }
    if (values.confirm !== values.newPassword) {
      fail('confirm', AUTH_TEXTS.passwordsMismatch);
      return;
    }
    setErrors({});
    change.mutate(result.data, {
      onSuccess: () => {
        toast.success(AUTH_TEXTS.passwordChanged);
        setValues(EMPTY);
      },
      onError: (error) => {
        // A wrong current password is the user's to fix, at that field.
        if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
          fail('currentPassword', serverMessage(error, 'Current password is incorrect'));
          return;
        }
        toast.error(serverMessage(error, 'Error changing password'));
      },
    });
  }

  const set = (name: FieldName) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

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
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
          <Field label="Current password" error={errors.currentPassword}>
            {(control) => (
              <PasswordInput
                {...control}
                name="currentPassword"
                autoComplete="current-password"
                required
                value={values.currentPassword}
                onChange={(e) => set('currentPassword')(e.target.value)}
              />
            )}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={AUTH_TEXTS.newPassword}
              hint={atLeastCharacters(PASSWORD_MIN)}
              error={errors.newPassword}
            >
              {(control) => (
                <PasswordInput
                  {...control}
                  name="newPassword"
                  autoComplete="new-password"
                  required
                  value={values.newPassword}
                  onChange={(e) => set('newPassword')(e.target.value)}
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
                  value={values.confirm}
                  onChange={(e) => set('confirm')(e.target.value)}
                />
              )}
            </Field>
          </div>
          <div className="flex justify-end pt-1">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending && <Spinner />}
              Change password
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
