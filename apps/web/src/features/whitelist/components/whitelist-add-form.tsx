import { type Role, WHITELIST_TOASTS, whitelistAddSchema } from '@adreel/domain';
import { Plus, X } from 'lucide-react';
import { type FormEvent, type Ref, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { focusField, validate } from '@/lib/validate';
import { useAddWhitelistEntry } from '../api/add-whitelist-entry';

/** What the add form holds; an approved access request fills it (SPEC.md §4 Whitelist). */
export interface WhitelistDraft {
  email: string;
  role: Role;
  /** Set when the draft came from an access request, so adding it marks the request approved. */
  accessRequestId?: string;
  requesterName?: string;
  /** The request's address: the server approves a request only for that same email. */
  requestEmail?: string;
}

export const EMPTY_DRAFT: WhitelistDraft = { email: '', role: 'creator' };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Typing another address turns the approval back into a plain add. */
function withEmail(draft: WhitelistDraft, email: string): WhitelistDraft {
  if (draft.requestEmail && !sameEmail(email, draft.requestEmail))
    return { email, role: draft.role };
  return { ...draft, email };
}

interface WhitelistAddFormProps {
  draft: WhitelistDraft;
  onDraftChange: (draft: WhitelistDraft) => void;
  emailRef?: Ref<HTMLInputElement>;
}

export function WhitelistAddForm({ draft, onDraftChange, emailRef }: WhitelistAddFormProps) {
  const add = useAddWhitelistEntry();
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<{ email?: string; role?: string }>({});

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(whitelistAddSchema, { email: draft.email, role: draft.role });
    if (!result.ok) {
      setErrors(result.field ? { [result.field]: result.message } : {});
      focusField(formRef.current, result.field);
      return;
    }
    setErrors({});
    const body = draft.accessRequestId
      ? { ...result.data, accessRequestId: draft.accessRequestId }
      : result.data;
    add.mutate(body, {
      onSuccess: () => {
        toast.success(WHITELIST_TOASTS.added);
        onDraftChange(EMPTY_DRAFT);
      },
      onError: (error) => {
        // A duplicate is worth naming; anything else gets SPEC.md §8's message.
        const duplicate = error instanceof ApiError && error.status === 409;
        toast.error(
          duplicate ? serverMessage(error, WHITELIST_TOASTS.addFailed) : WHITELIST_TOASTS.addFailed,
        );
      },
    });
  }

  return (
    <Card asChild>
      <section aria-labelledby="whitelist-add-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="whitelist-add-title">Add to whitelist</h2>
          </CardTitle>
          <CardDescription>
            A whitelisted email can sign up without an invite code, and gets this role once it is
            verified.
          </CardDescription>
        </CardHeader>
        <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-4 p-6">
          {draft.accessRequestId && (
            <div className="flex items-center justify-between gap-3 rounded-xl bg-brand-soft px-3.5 py-2.5 text-sm">
              <p>
                Approving the request from{' '}
                <strong className="font-semibold">{draft.requesterName || draft.email}</strong>
              </p>
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label="Cancel approval"
                onClick={() => onDraftChange(EMPTY_DRAFT)}
              >
                <X />
              </Button>
            </div>
          )}
          <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
            <Field label="Email" error={errors.email}>
              {(control) => (
                <Input
                  {...control}
                  ref={emailRef}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder="person@example.com"
                  required
                  value={draft.email}
                  onChange={(e) => onDraftChange(withEmail(draft, e.target.value))}
                />
              )}
            </Field>
            <Field label="Role" error={errors.role}>
              {(control) => (
                <NativeSelect
                  {...control}
                  name="role"
                  value={draft.role}
                  onChange={(e) => onDraftChange({ ...draft, role: e.target.value as Role })}
                >
                  <option value="creator">Creator</option>
                  <option value="brand">Brand</option>
                  <option value="viewer">Viewer</option>
                  <option value="admin">Admin</option>
                </NativeSelect>
              )}
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Spinner /> : <Plus />}
              Add to whitelist
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}
