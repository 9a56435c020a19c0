import { AUTH_TEXTS, recoverBodySchema } from '@adreel/domain';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { focusField, validate } from '@/lib/validate';
import { useRecoverPassword } from '../api/recover-password';

const NEUTRAL_CONFIRMATION =
  "If an account exists for that address, we've sent it a link to choose a new password. The link works once.";

export function ForgotPasswordForm({
  defaultEmail = '',
  onBack,
}: {
  defaultEmail?: string;
  onBack: () => void;
}) {
  const recover = useRecoverPassword();
  const formRef = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState(defaultEmail);
  const [error, setError] = useState<string | null>(null);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(recoverBodySchema, { email });
    if (!result.ok) {
      setError(result.message);
      focusField(formRef.current, 'email');
      return;
    }
    setError(null);
    recover.mutate(result.data, {
      onError: (e) => toast.error(serverMessage(e, 'Error sending the reset link')),
    });
  }

  if (recover.isSuccess) {
    return (
      <div className="flex flex-col items-center text-center" role="status">
        <span className="grid size-12 place-items-center rounded-2xl bg-brand-soft text-primary">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <h2 className="mt-4 text-lg font-bold tracking-tight">{AUTH_TEXTS.checkInbox}</h2>
        <p className="mt-2 text-pretty text-sm text-muted-foreground">
          {recover.data.message || NEUTRAL_CONFIRMATION}
        </p>
        <Button variant="outline" className="mt-6 w-full" onClick={onBack}>
          <ArrowLeft /> {AUTH_TEXTS.backToSignIn}
        </Button>
      </div>
    );
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Email" error={error}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={recover.isPending}>
        {recover.isPending ? (
          <>
            <Spinner /> Sending…
          </>
        ) : (
          'Send reset link'
        )}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        <ArrowLeft /> {AUTH_TEXTS.backToSignIn}
      </Button>
    </form>
  );
}
