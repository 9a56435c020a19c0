import {
  type Role,
  WHITELIST_TOASTS,
  type WhitelistAddInput,
  whitelistAddSchema,
} from '@adreel/domain';
import { Plus, X } from 'lucide-react';
import type { Ref } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
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

/** Both refs on one element: the form's (to focus a fault) and the page's (to focus on approve). */
function bothRefs<T>(a: (instance: T | null) => void, b: Ref<T> | undefined) {
  return (instance: T | null) => {
    a(instance);
    if (typeof b === 'function') b(instance);
    else if (b) b.current = instance;
  };
}

interface WhitelistAddFormProps {
  draft: WhitelistDraft;
  onDraftChange: (draft: WhitelistDraft) => void;
  emailRef?: Ref<HTMLInputElement>;
}

export function WhitelistAddForm({ draft, onDraftChange, emailRef }: WhitelistAddFormProps) {
  const add = useAddWhitelistEntry();
  // The page holds the draft (approving a request fills it in); the form follows it.
  const form = useZodForm<WhitelistAddInput>(whitelistAddSchema, {
    values: { email: draft.email, role: draft.role },
    resetOptions: { keepErrors: true },
  });

  function onSubmit(input: WhitelistAddInput) {
    const body = draft.accessRequestId
      ? { ...input, accessRequestId: draft.accessRequestId }
      : input;
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
        <Form form={form} onSubmit={onSubmit} className="p-6">
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
            <FormField control={form.control} name="email" label="Email">
              {(control) => (
                <Input
                  {...control}
                  ref={bothRefs(control.ref, emailRef)}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  placeholder="person@example.com"
                  required
                  onChange={(e) => {
                    control.onChange(e);
                    onDraftChange(withEmail(draft, e.target.value));
                  }}
                />
              )}
            </FormField>
            <FormField control={form.control} name="role" label="Role">
              {(control) => (
                <NativeSelect
                  {...control}
                  onChange={(e) => {
                    control.onChange(e);
                    onDraftChange({ ...draft, role: e.target.value as Role });
                  }}
                >
                  <option value="creator">Creator</option>
                  <option value="brand">Brand</option>
                  <option value="viewer">Viewer</option>
                  <option value="admin">Admin</option>
                </NativeSelect>
              )}
            </FormField>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Spinner /> : <Plus />}
              Add to whitelist
            </Button>
          </div>
        </Form>
      </section>
    </Card>
  );
}
