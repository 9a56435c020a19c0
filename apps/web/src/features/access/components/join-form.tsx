import {
  type AccessRequestInput,
  AUTH_TEXTS,
  accessRequestSchema,
  JOIN_REDIRECT_MS,
  MESSAGES,
  NOTES_MAX,
  type RequestableRole,
  withBrand,
} from '@adreel/domain';
import { ArrowRight, Clapperboard, Eye, Megaphone } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Form, FormField, FormMessage, fieldMessage, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { type RadioCardOption, RadioCards } from '@/components/ui/radio-cards';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { appName } from '@/lib/app-name';
import { useCreateAccessRequest } from '../api/create-access-request';

const THANKS = MESSAGES.joinThanks;

// SPEC.md §2 Join lists the roles in this order, creator first and preselected.
const ROLE_OPTIONS: RadioCardOption<RequestableRole>[] = [
  { value: 'creator', label: 'Creator', description: AUTH_TEXTS.creatorRole, icon: Clapperboard },
  { value: 'brand', label: 'Brand', description: AUTH_TEXTS.brandRole, icon: Megaphone },
  { value: 'viewer', label: 'Viewer', description: AUTH_TEXTS.viewerRole, icon: Eye },
];

interface JoinValues {
  name: string;
  email: string;
  role: RequestableRole;
  notes: string;
}
const EMPTY: JoinValues = { name: '', email: '', role: 'creator', notes: '' };

/** Empty notes are left out rather than sent as "". */
function withoutEmptyNotes(values: JoinValues): Partial<JoinValues> {
  const { notes, ...rest } = values;
  return notes.trim() ? values : rest;
}

export function JoinForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const navigate = useNavigate();
  const create = useCreateAccessRequest();
  const roleLabelId = useId();
  const form = useZodForm<JoinValues, AccessRequestInput>(accessRequestSchema, {
    defaultValues: { ...EMPTY, email: defaultEmail },
    prepare: withoutEmptyNotes,
  });
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!redirecting) return;
    const timer = window.setTimeout(() => void navigate('/'), JOIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [redirecting, navigate]);

  function onSubmit(input: AccessRequestInput) {
    create.mutate(input, {
      onSuccess: (body) => {
        toast.success(body.message || withBrand(THANKS, appName()));
        form.reset(EMPTY);
        setRedirecting(true);
      },
      onError: () => toast.error(MESSAGES.joinFailed),
    });
  }

  return (
    <Form form={form} onSubmit={onSubmit}>
      <FormField control={form.control} name="name" label="Full name">
        {(control) => <Input {...control} autoComplete="name" placeholder="Maya Chen" required />}
      </FormField>
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
      <div className="flex flex-col gap-2">
        <p id={roleLabelId} className="text-sm font-semibold">
          I want to join as
        </p>
        <RadioCards
          labelledBy={roleLabelId}
          options={ROLE_OPTIONS}
          value={form.watch('role')}
          onValueChange={(role) => form.setValue('role', role, { shouldValidate: true })}
        />
        <FormMessage message={fieldMessage(form.formState.errors.role)} />
      </div>
      <FormField
        control={form.control}
        name="notes"
        label="Notes"
        aside="Optional"
        hint={`${form.watch('notes').length} / ${NOTES_MAX}`}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            placeholder="Your channel, your brand, or what you'd like to make"
          />
        )}
      </FormField>
      <Button
        type="submit"
        size="lg"
        className="mt-2 w-full"
        disabled={create.isPending || redirecting}
      >
        {create.isPending ? (
          <>
            <Spinner /> Sending…
          </>
        ) : (
          <>
            {AUTH_TEXTS.requestAccess} <ArrowRight />
          </>
        )}
      </Button>
    </Form>
  );
}
