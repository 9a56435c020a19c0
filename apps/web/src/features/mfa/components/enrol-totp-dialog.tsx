import { FACTOR_NAME_MAX, friendlyNameSchema, MFA_MESSAGES, MFA_TEXTS } from '@adreel/domain';
import { ExternalLink } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { useEnrolFactor } from '../api/enrol-factor';
import { useRemoveFactor } from '../api/remove-factor';
import { useVerifyFactor } from '../api/verify-factor';
import { isAal2Required, isCodeError } from '../lib/factors';
import { CodeInput } from './code-input';
import { SecretKey } from './secret-key';

interface Enrolment {
  id: string;
  secret: string;
  uri: string;
  qrCode: string;
}

function Step({ n, children }: { n: number; children: ReactNode }) {
  return (
    <li className="flex gap-3">
      <span
        className="grid size-6 shrink-0 place-items-center rounded-full bg-ink text-xs font-bold text-white"
        aria-hidden="true"
      >
        {n}
      </span>
      <div className="min-w-0 flex-1 pt-0.5">{children}</div>
    </li>
  );
}

/**
 * Adding an authenticator app: a name, then the QR code (and the key, for typing by hand), then a
 * code from the app to prove it was set up right. Only that last step turns anything on.
 */
const nameFormSchema = z.object({ friendlyName: friendlyNameSchema.optional() });

export function EnrolTotpDialog({
  first,
  onClose,
  onEnrolled,
  onAal2Required,
}: {
  /** The account's first factor: verifying it turns two-factor on and brings recovery codes. */
  first: boolean;
  onClose: () => void;
  onEnrolled: (recoveryCodes: string[] | undefined) => void;
  onAal2Required: () => void;
}) {
  const enrol = useEnrolFactor();
  const verify = useVerifyFactor();
  const remove = useRemoveFactor();
  const codeRef = useRef<HTMLInputElement>(null);
  const nameForm = useZodForm<{ friendlyName: string }, z.output<typeof nameFormSchema>>(
    nameFormSchema,
    {
      defaultValues: { friendlyName: '' },
      // The name is optional: left empty, it is not sent.
      prepare: ({ friendlyName }) => ({ friendlyName: friendlyName.trim() || undefined }),
    },
  );
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);

  function close() {
    if (verify.isPending) return;
    // An enrolment left half-done protects nothing; drop it so its name is free again.
    if (enrolment) remove.mutate(enrolment.id);
    onClose();
  }

  function onSubmitName({ friendlyName }: z.output<typeof nameFormSchema>) {
    enrol.mutate(
      { factor_type: 'totp', ...(friendlyName ? { friendly_name: friendlyName } : {}) },
      {
        onSuccess: (answer) => {
          if (answer.factor_type !== 'totp') return;
          setEnrolment({
            id: answer.id,
            secret: answer.totp.secret,
            uri: answer.totp.uri,
            qrCode: answer.totp.qr_code,
          });
        },
        onError: (error) => {
          if (isAal2Required(error)) {
            onClose();
            onAal2Required();
            return;
          }
          if (error instanceof ApiError && error.code === 'factor_name_taken') {
            nameForm.setError(
              'friendlyName',
              { type: 'server', message: error.message },
              { shouldFocus: true },
            );
            return;
          }
          toast.error(serverMessage(error, 'Error setting up the authenticator app'));
        },
      },
    );
  }

  function onSubmitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!enrolment) return;
    if (!/^\d{6}$/.test(code)) {
      setCodeError(MFA_MESSAGES.totpCodeInvalid);
      codeRef.current?.focus();
      return;
    }
    setCodeError(null);
    verify.mutate(
      { factorId: enrolment.id, code },
      {
        onSuccess: (answer) => {
          toast.success(first ? 'Two-factor authentication is on' : 'Authenticator app added');
          onEnrolled(answer.recovery_codes);
        },
        onError: (error) => {
          setCode('');
          codeRef.current?.focus();
          if (isCodeError(error)) {
            setCodeError(serverMessage(error, MFA_MESSAGES.invalidCode));
            return;
          }
          toast.error(serverMessage(error, MFA_TEXTS.verifyCodeFailed));
        },
      },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && close()}>
      <DialogContent
        className="sm:w-[min(38rem,calc(100vw-2rem))]"
        // A stray tap outside must not throw away a QR code someone is scanning.
        onInteractOutside={(event) => enrolment && event.preventDefault()}
      >
        <div className="overflow-y-auto px-6 pt-6 pb-6">
          <p className="text-eyebrow uppercase text-primary">
            {enrolment ? 'Step 2 of 2' : 'Step 1 of 2'}
          </p>
          <DialogTitle className="mt-2 pr-10 text-xl font-bold tracking-tight text-balance">
            {enrolment ? 'Scan the QR code' : 'Set up an authenticator app'}
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted-foreground">
            {enrolment
              ? 'Add this account to your authenticator app, then enter the code it shows.'
              : 'Use an app such as 1Password, Google Authenticator or Authy. Signing in will then ask for a code from it.'}
          </DialogDescription>

          {!enrolment ? (
            <Form form={nameForm} onSubmit={onSubmitName} className="mt-5">
              <FormField
                control={nameForm.control}
                name="friendlyName"
                label="Name"
                aside="Optional"
                hint="Helps you tell your authenticators apart, e.g. “Work phone”."
              >
                {(control) => (
                  <Input
                    {...control}
                    autoComplete="off"
                    autoFocus
                    maxLength={FACTOR_NAME_MAX}
                    placeholder={MFA_TEXTS.authenticatorApp}
                  />
                )}
              </FormField>
              <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={close}>
                  Cancel
                </Button>
                <Button type="submit" disabled={enrol.isPending}>
                  {enrol.isPending && <Spinner />}
                  Continue
                </Button>
              </div>
            </Form>
          ) : (
            <form onSubmit={onSubmitCode} noValidate className="mt-5 flex flex-col gap-5">
              <ol className="flex flex-col gap-5">
                <Step n={1}>
                  <p className="text-sm font-semibold">Scan this with your authenticator app</p>
                  <div className="mt-3 flex flex-col items-center gap-4 sm:flex-row sm:items-start">
                    <img
                      src={enrolment.qrCode}
                      alt="QR code to add this account to an authenticator app"
                      width={168}
                      height={168}
                      className="size-42 shrink-0 rounded-2xl bg-white p-2 ring-1 ring-border"
                    />
                    <div className="flex w-full min-w-0 flex-col gap-2.5">
                      <p className="text-sm text-muted-foreground">
                        Can't scan it? Enter this key in the app instead (time-based).
                      </p>
                      <SecretKey secret={enrolment.secret} />
                      <a
                        href={enrolment.uri}
                        className="inline-flex items-center gap-1.5 self-start rounded-sm text-sm font-semibold text-primary underline-offset-4 hover:underline sm:hidden"
                      >
                        Open in authenticator app <ExternalLink className="size-3.5" />
                      </a>
                    </div>
                  </div>
                </Step>
                <Step n={2}>
                  <Field
                    label={MFA_TEXTS.codeLabel}
                    hint="Enter the code the app shows. It changes every 30 seconds."
                    error={codeError}
                  >
                    {(control) => (
                      <CodeInput control={control} ref={codeRef} value={code} onChange={setCode} />
                    )}
                  </Field>
                </Step>
              </ol>
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="outline" onClick={close} disabled={verify.isPending}>
                  Cancel
                </Button>
                <Button type="submit" disabled={verify.isPending}>
                  {verify.isPending && <Spinner />}
                  {first ? 'Verify and turn on' : 'Verify and add'}
                </Button>
              </div>
            </form>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
