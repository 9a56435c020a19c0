import {
  INVITE_DEFAULT_COUNT,
  INVITE_DEFAULT_EXPIRY_DAYS,
  INVITE_MAX_COUNT,
  INVITE_MAX_EXPIRY_DAYS,
  type Invite,
  inviteGenerateSchema,
  type RequestableRole,
} from '@adreel/domain';
import { Sparkles } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { focusField, validate } from '@/lib/validate';
import { useCreateInvites } from '../api/create-invites';

type FieldName = 'expiryDays' | 'count' | 'role';

/** SPEC.md §2 Admin invites: the generator (expiry days, count), plus the role the codes grant. */
export function InviteGenerator({ onCreated }: { onCreated?: (invites: Invite[]) => void }) {
  const create = useCreateInvites();
  const formRef = useRef<HTMLFormElement>(null);
  const [expiryDays, setExpiryDays] = useState(String(INVITE_DEFAULT_EXPIRY_DAYS));
  const [count, setCount] = useState(String(INVITE_DEFAULT_COUNT));
  const [role, setRole] = useState<RequestableRole>('creator');
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(inviteGenerateSchema, {
      expiryDays: expiryDays.trim() === '' ? undefined : expiryDays,
      count: count.trim() === '' ? undefined : count,
      role,
    });
    if (!result.ok) {
      setErrors(result.field ? { [result.field]: result.message } : {});
      focusField(formRef.current, result.field);
      return;
    }
    setErrors({});
    create.mutate(result.data, {
      onSuccess: (invites) => {
        toast.success(`Created ${invites.length} invite(s)!`);
        onCreated?.(invites);
      },
      onError: () => toast.error('Error creating invites'),
    });
  }

  return (
    <Card asChild>
      <section aria-labelledby="generator-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="generator-title">Generate invite codes</h2>
          </CardTitle>
          <CardDescription>Each code signs up one person with the role you choose.</CardDescription>
        </CardHeader>
        <form
          ref={formRef}
          onSubmit={onSubmit}
          noValidate
          className="grid grid-cols-2 gap-4 p-6 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
        >
          <Field label="Expires in (days)" error={errors.expiryDays}>
            {(control) => (
              <Input
                {...control}
                name="expiryDays"
                type="number"
                inputMode="numeric"
                min={1}
                max={INVITE_MAX_EXPIRY_DAYS}
                required
                value={expiryDays}
                onChange={(e) => setExpiryDays(e.target.value)}
              />
            )}
          </Field>
          <Field label="Number of codes" error={errors.count}>
            {(control) => (
              <Input
                {...control}
                name="count"
                type="number"
                inputMode="numeric"
                min={1}
                max={INVITE_MAX_COUNT}
                required
                value={count}
                onChange={(e) => setCount(e.target.value)}
              />
            )}
          </Field>
          <Field label="Role" error={errors.role} className="col-span-2 lg:col-span-1">
            {(control) => (
              <NativeSelect
                {...control}
                name="role"
                value={role}
                onChange={(e) => setRole(e.target.value as RequestableRole)}
              >
                <option value="creator">Creator</option>
                <option value="brand">Brand</option>
                <option value="viewer">Viewer</option>
              </NativeSelect>
            )}
          </Field>
          <Button
            type="submit"
            className="col-span-2 h-11 lg:col-span-1 lg:mt-[1.625rem]"
            disabled={create.isPending}
          >
            {create.isPending ? <Spinner /> : <Sparkles />}
            Generate
          </Button>
        </form>
      </section>
    </Card>
  );
}
