import {
  AUTH_TEXTS,
  accessRequestSchema,
  JOIN_REDIRECT_MS,
  MESSAGES,
  NOTES_MAX,
  type RequestableRole,
  withBrand,
} from '@adreel/domain';
import { ArrowRight, Clapperboard, Eye, Megaphone } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { type RadioCardOption, RadioCards } from '@/components/ui/radio-cards';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { appName } from '@/lib/app-name';
import { focusField, validate } from '@/lib/validate';
import { useCreateAccessRequest } from '../api/create-access-request';

const THANKS = MESSAGES.joinThanks;

// SPEC.md §2 Join lists the roles in this order, creator first and preselected.
const ROLE_OPTIONS: RadioCardOption<RequestableRole>[] = [
  { value: 'creator', label: 'Creator', description: AUTH_TEXTS.creatorRole, icon: Clapperboard },
  { value: 'brand', label: 'Brand', description: AUTH_TEXTS.brandRole, icon: Megaphone },
  { value: 'viewer', label: 'Viewer', description: AUTH_TEXTS.viewerRole, icon: Eye },
];

type FieldName = 'name' | 'email' | 'role' | 'notes';
const EMPTY = { name: '', email: '', notes: '' };

export function JoinForm({ defaultEmail = '' }: { defaultEmail?: string }) {
  const navigate = useNavigate();
  const create = useCreateAccessRequest();
  const formRef = useRef<HTMLFormElement>(null);
  const roleLabelId = useId();
  const [values, setValues] = useState({ ...EMPTY, email: defaultEmail });
  const [role, setRole] = useState<RequestableRole>('creator');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    if (!redirecting) return;
    const timer = window.setTimeout(() => void navigate('/'), JOIN_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [redirecting, navigate]);

  const set = (name: keyof typeof EMPTY) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: Record<string, string> = { ...values, role };
    if (!values.notes.trim()) delete input.notes;
    const result = validate(accessRequestSchema, input);
    if (!result.ok) {
      setErrors(result.field ? { [result.field]: result.message } : {});
      focusField(formRef.current, result.field);
      return;
    }
    setErrors({});
    create.mutate(result.data, {
      onSuccess: (body) => {
        toast.success(body.message || withBrand(THANKS, appName()));
        setValues(EMPTY);
        setRole('creator');
        setRedirecting(true);
      },
      onError: () => toast.error(MESSAGES.joinFailed),
    });
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label="Full name" error={errors.name}>
        {(control) => (
          <Input
            {...control}
            name="name"
            autoComplete="name"
            placeholder="Maya Chen"
            required
            value={values.name}
            onChange={(e) => set('name')(e.target.value)}
          />
        )}
      </Field>
      <Field label="Email" error={errors.email}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            required
            value={values.email}
            onChange={(e) => set('email')(e.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-col gap-2">
        <p id={roleLabelId} className="text-sm font-semibold">
          I want to join as
        </p>
        <RadioCards
          labelledBy={roleLabelId}
          options={ROLE_OPTIONS}
          value={role}
          onValueChange={setRole}
        />
        {errors.role && <p className="text-sm font-medium text-destructive">{errors.role}</p>}
      </div>
      <Field
        label="Notes"
        aside="Optional"
        hint={`${values.notes.length} / ${NOTES_MAX}`}
        error={errors.notes}
      >
        {(control) => (
          <Textarea
            {...control}
            name="notes"
            rows={3}
            placeholder="Your channel, your brand, or what you'd like to make"
            value={values.notes}
            onChange={(e) => set('notes')(e.target.value)}
          />
        )}
      </Field>
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
    </form>
  );
}
