import {
  INVITE_DEFAULT_COUNT,
  INVITE_DEFAULT_EXPIRY_DAYS,
  INVITE_MAX_COUNT,
  INVITE_MAX_EXPIRY_DAYS,
  type Invite,
  type InviteGenerateInput,
  inviteGenerateSchema,
  type RequestableRole,
} from '@adreel/domain';
import { Sparkles } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { useCreateInvites } from '../api/create-invites';

interface GeneratorValues {
  expiryDays: string;
  count: string;
  role: RequestableRole;
}

/** An emptied number field is left out, so the schema's default applies. */
function withoutEmptyNumbers({ expiryDays, count, role }: GeneratorValues) {
  return {
    expiryDays: expiryDays.trim() === '' ? undefined : expiryDays,
    count: count.trim() === '' ? undefined : count,
    role,
  };
}

/** SPEC.md §2 Admin invites: the generator (expiry days, count), plus the role the codes grant. */
export function InviteGenerator({ onCreated }: { onCreated?: (invites: Invite[]) => void }) {
  const create = useCreateInvites();
  const form = useZodForm<GeneratorValues, InviteGenerateInput>(inviteGenerateSchema, {
    defaultValues: {
      expiryDays: String(INVITE_DEFAULT_EXPIRY_DAYS),
      count: String(INVITE_DEFAULT_COUNT),
      role: 'creator',
    },
    prepare: withoutEmptyNumbers,
  });

  function onSubmit(input: InviteGenerateInput) {
    create.mutate(input, {
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
        <Form
          form={form}
          onSubmit={onSubmit}
          className="grid grid-cols-2 p-6 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-start"
        >
          <FormField control={form.control} name="expiryDays" label="Expires in (days)">
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={INVITE_MAX_EXPIRY_DAYS}
                required
              />
            )}
          </FormField>
          <FormField control={form.control} name="count" label="Number of codes">
            {(control) => (
              <Input
                {...control}
                type="number"
                inputMode="numeric"
                min={1}
                max={INVITE_MAX_COUNT}
                required
              />
            )}
          </FormField>
          <FormField
            control={form.control}
            name="role"
            label="Role"
            className="col-span-2 lg:col-span-1"
          >
            {(control) => (
              <NativeSelect {...control}>
                <option value="creator">Creator</option>
                <option value="brand">Brand</option>
                <option value="viewer">Viewer</option>
              </NativeSelect>
            )}
          </FormField>
          <Button
            type="submit"
            className="col-span-2 h-11 lg:col-span-1 lg:mt-[1.625rem]"
            disabled={create.isPending}
          >
            {create.isPending ? <Spinner /> : <Sparkles />}
            Generate
          </Button>
        </Form>
      </section>
    </Card>
  );
}
