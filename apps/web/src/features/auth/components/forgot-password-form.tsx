import { AUTH_TEXTS, recoverBodySchema } from '@adreel/domain';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
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
  const form = useZodForm<z.input<typeof recoverBodySchema>, z.output<typeof recoverBodySchema>>(
    recoverBodySchema,
    { defaultValues: { email: defaultEmail } },
  );

  function onSubmit(input: z.output<typeof recoverBodySchema>) {
    recover.mutate(input, {
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
            autoFocus
          />
        )}
      </FormField>
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
    </Form>
  );
}
