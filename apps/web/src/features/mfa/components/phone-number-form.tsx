import { MFA_TEXTS, phoneNumberSchema } from '@adreel/domain';
import { MessageSquareText } from 'lucide-react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

const phoneFormSchema = z.object({ phone: phoneNumberSchema });
type PhoneValues = z.infer<typeof phoneFormSchema>;

/**
 * The Phone card's first step: the mobile number to text a code to. `onSubmit` gets the number as
 * the schema reads it, and a way to say at the field why the server would not take it.
 */
export function PhoneNumberForm({
  busy,
  onCancel,
  onSubmit,
}: {
  busy: boolean;
  onCancel: () => void;
  onSubmit: (phone: string, refuse: (message: string) => void) => void;
}) {
  const form = useZodForm<PhoneValues>(phoneFormSchema, { defaultValues: { phone: '' } });
  const refuse = (message: string) =>
    form.setError('phone', { type: 'server', message }, { shouldFocus: true });
  return (
    <Form form={form} onSubmit={({ phone }) => onSubmit(phone, refuse)}>
      <FormField
        control={form.control}
        name="phone"
        label="Mobile number"
        hint="In international format, starting with + and the country code"
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            placeholder="+44 7911 123456"
            autoFocus
          />
        )}
      </FormField>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner /> : <MessageSquareText />}
          {MFA_TEXTS.textMeACode}
        </Button>
      </div>
    </Form>
  );
}
