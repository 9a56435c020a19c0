import { FACTOR_NAME_MAX, friendlyNameSchema, MFA_TEXTS } from '@adreel/domain';
import { Fingerprint } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Form, FormField, useZodForm } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import {
  createPasskey,
  isPasskeyAlreadyRegistered,
  isPasskeyBrowserError,
  isPasskeyCancelled,
} from '@/lib/passkey';
import { useEnrolFactor } from '../api/enrol-factor';
import { useRemoveFactor } from '../api/remove-factor';
import { useVerifyFactor } from '../api/verify-factor';
import { isAal2Required } from '../lib/factors';

type Phase = 'idle' | 'starting' | 'prompt' | 'saving';

const nameFormSchema = z.object({ friendlyName: friendlyNameSchema });
type NameValues = z.infer<typeof nameFormSchema>;

/**
 * Adding a passkey: name it, then the browser's own prompt (fingerprint, face, screen lock or a
 * security key) makes it, and the server checks and keeps its public key.
 */
export function AddPasskeyDialog({
  first,
  onClose,
  onEnrolled,
  onAal2Required,
}: {
  first: boolean;
  onClose: () => void;
  onEnrolled: (recoveryCodes: string[] | undefined) => void;
  onAal2Required: () => void;
}) {
  const enrol = useEnrolFactor();
  const verify = useVerifyFactor();
  const remove = useRemoveFactor();
  const form = useZodForm<NameValues>(nameFormSchema, { defaultValues: { friendlyName: '' } });
  const [notice, setNotice] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const busy = phase !== 'idle';

  async function onSubmit({ friendlyName }: NameValues) {
    setNotice(null);
    setPhase('starting');
    let factorId: string | null = null;
    try {
      const started = await enrol.mutateAsync({
        factor_type: 'webauthn',
        friendly_name: friendlyName,
      });
      if (started.factor_type !== 'webauthn') throw new Error('Unexpected enrolment');
      factorId = started.id;
      setPhase('prompt');
      const response = await createPasskey(started.webauthn.options);
      setPhase('saving');
      const answer = await verify.mutateAsync({ factorId, response });
      toast.success(first ? 'Passkey added. Two-factor authentication is on' : 'Passkey added');
      onEnrolled(answer.recovery_codes);
      return;
    } catch (error) {
      setPhase('idle');
      // The unfinished enrolment protects nothing; drop it so the name is free again.
      if (factorId) remove.mutate(factorId);
      if (isAal2Required(error)) {
        onClose();
        onAal2Required();
      } else if (error instanceof ApiError && error.code === 'factor_name_taken') {
        form.setError(
          'friendlyName',
          { type: 'server', message: error.message },
          { shouldFocus: true },
        );
      } else if (isPasskeyCancelled(error)) {
        setNotice('The passkey prompt was closed, so nothing was added. Try again when ready.');
      } else if (isPasskeyAlreadyRegistered(error)) {
        setNotice('This device already holds a passkey for your account. Use another one.');
      } else if (isPasskeyBrowserError(error)) {
        toast.error("This browser couldn't create a passkey. Try again, or use another device.");
      } else {
        toast.error(serverMessage(error, 'Error adding the passkey'));
      }
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:w-[min(30rem,calc(100vw-2rem))]">
        <Form form={form} onSubmit={onSubmit} className="block overflow-y-auto p-6">
          <span className="grid size-11 place-items-center rounded-2xl bg-brand-soft text-primary">
            <Fingerprint className="size-5.5" aria-hidden="true" />
          </span>
          <DialogTitle className="mt-4 pr-10 text-xl font-bold tracking-tight">
            {MFA_TEXTS.addPasskey}
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted-foreground">
            Your browser will ask you to confirm with your fingerprint, face, screen lock or a
            security key. The passkey stays on that device; we only keep its public key.
          </DialogDescription>
          <FormField
            control={form.control}
            name="friendlyName"
            className="mt-5"
            label="Name"
            hint="So you can recognise it later, e.g. “MacBook Touch ID”."
          >
            {(control) => (
              <Input
                {...control}
                autoComplete="off"
                autoFocus
                required
                maxLength={FACTOR_NAME_MAX}
                disabled={busy}
              />
            )}
          </FormField>
          {notice && (
            <p role="status" className="mt-4 rounded-xl bg-muted px-3.5 py-2.5 text-sm">
              {notice}
            </p>
          )}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy && <Spinner />}
              {phase === 'prompt'
                ? 'Waiting for your device…'
                : phase === 'saving'
                  ? 'Saving…'
                  : 'Continue'}
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
