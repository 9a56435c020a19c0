import type { Factor } from '@adreel/domain';
import { MFA_MESSAGES, MFA_TEXTS } from '@adreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LogIn, ShieldAlert } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { getPasskeyAssertion, isPasskeyCancelled, passkeysSupported } from '@/lib/passkey';
import { useSession } from '@/lib/session';
import { useChallengeFactor } from '../api/challenge-factor';
import { useFactors } from '../api/get-factors';
import { useVerifyFactor } from '../api/verify-factor';
import {
  aal2Explanation,
  factorName,
  isCodeError,
  TWO_FACTOR_SETTINGS,
  verifiedOf,
} from '../lib/factors';
import { CodeInput } from './code-input';

/**
 * Confirms a factor this account already has, which raises this session to aal2 (POST
 * /factors/:id/verify on a verified factor): the same as signing in again with it, without leaving.
 */
function StepUpDialog({
  open,
  factors,
  purpose,
  onClose,
  onConfirmed,
}: {
  open: boolean;
  factors: Factor[];
  purpose: string;
  onClose: () => void;
  onConfirmed: () => void;
}) {
  const apps = verifiedOf(factors, 'totp');
  const passkeys = passkeysSupported() ? verifiedOf(factors, 'webauthn') : [];
  const verify = useVerifyFactor();
  const challenge = useChallengeFactor();
  const inputRef = useRef<HTMLInputElement>(null);
  const [factorId, setFactorId] = useState(apps[0]?.id ?? '');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = verify.isPending || challenge.isPending;

  function confirmed() {
    toast.success(`Confirmed. You can ${purpose} now.`);
    setCode('');
    onConfirmed();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(MFA_MESSAGES.totpCodeInvalid);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(
      { factorId: factorId || (apps[0]?.id ?? ''), code },
      {
        onSuccess: confirmed,
        onError: (e) => {
          setCode('');
          inputRef.current?.focus();
          if (isCodeError(e)) setError(serverMessage(e, MFA_MESSAGES.invalidCode));
          else toast.error(serverMessage(e, "Couldn't confirm it's you"));
        },
      },
    );
  }

  async function confirmWithPasskey(passkey: Factor) {
    try {
      const started = await challenge.mutateAsync(passkey.id);
      if (!started.webauthn) throw new Error('No passkey options');
      const response = await getPasskeyAssertion(started.webauthn.options);
      await verify.mutateAsync({ factorId: passkey.id, challenge_id: started.id, response });
      confirmed();
    } catch (e) {
      if (isPasskeyCancelled(e)) toast('Passkey check cancelled. Try again when you are ready.');
      else toast.error(serverMessage(e, "Couldn't confirm it's you with that passkey"));
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent className="sm:w-[min(28rem,calc(100vw-2rem))]">
        <div className="overflow-y-auto px-6 pt-6 pb-6">
          <DialogTitle className="pr-10 text-lg font-bold tracking-tight">
            {MFA_TEXTS.confirmItsYou}
          </DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted-foreground">
            Use your second factor once more to {purpose} on this device.
          </DialogDescription>
          {apps.length > 0 && (
            <form onSubmit={onSubmit} noValidate className="mt-5 flex flex-col gap-4">
              {apps.length > 1 && (
                <Field label="Authenticator">
                  {(control) => (
                    <NativeSelect
                      {...control}
                      value={factorId}
                      onChange={(e) => setFactorId(e.target.value)}
                    >
                      {apps.map((app) => (
                        <option key={app.id} value={app.id}>
                          {factorName(app)}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </Field>
              )}
              <Field label={MFA_TEXTS.codeLabel} error={error}>
                {(control) => (
                  <CodeInput
                    control={control}
                    ref={inputRef}
                    autoFocus
                    value={code}
                    onChange={setCode}
                  />
                )}
              </Field>
              <Button type="submit" size="lg" disabled={busy}>
                {verify.isPending && !challenge.isPending && <Spinner />}
                Confirm
              </Button>
            </form>
          )}
          {passkeys.length > 0 && (
            <div className="mt-4 flex flex-col gap-2">
              {apps.length > 0 && (
                <p className="text-center text-xs font-medium text-muted-foreground">or</p>
              )}
              {passkeys.map((passkey) => (
                <Button
                  key={passkey.id}
                  variant={apps.length > 0 ? 'outline' : 'default'}
                  size="lg"
                  disabled={busy}
                  onClick={() => void confirmWithPasskey(passkey)}
                >
                  <KeyRound />
                  {passkeys.length > 1
                    ? `Use passkey “${factorName(passkey)}”`
                    : MFA_TEXTS.usePasskey}
                </Button>
              ))}
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/**
 * StepUpNotice with the account's factors loaded, for a screen outside this feature that met
 * aal2_required (the route hands it to that screen): nothing until the factors are in.
 */
export function StepUpForPurpose({
  purpose,
  onConfirmed,
}: {
  purpose: string;
  onConfirmed: () => void;
}) {
  const factors = useFactors();
  if (!factors.isSuccess) return null;
  return <StepUpNotice factors={factors.data} purpose={purpose} onConfirmed={onConfirmed} />;
}

/**
 * Shown when the server refused a change with aal2_required: this session signed in before the
 * account had a second factor (or on the password alone), so it may not change them yet.
 */
export function StepUpNotice({
  factors,
  purpose = TWO_FACTOR_SETTINGS,
  onConfirmed,
}: {
  factors: Factor[];
  /** What the confirmation unlocks, after "to": "change two-factor settings", "use admin tools". */
  purpose?: string;
  onConfirmed: () => void;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const canStepUp =
    verifiedOf(factors, 'totp').length > 0 ||
    (passkeysSupported() && verifiedOf(factors, 'webauthn').length > 0);

  async function signInAgain() {
    await session.signOut();
    // Nothing of this account may linger in the cache for whoever signs in next.
    queryClient.clear();
    void navigate('/auth');
  }

  return (
    <div
      role="alert"
      className="flex gap-3 rounded-2xl bg-amber-50 px-4 py-3.5 text-amber-950 ring-1 ring-amber-200"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Confirm it's you first</p>
        <p className="mt-0.5 text-sm text-amber-900">
          {aal2Explanation(purpose)}
          {canStepUp && ' Or confirm with it now, without signing out.'}
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {canStepUp && (
            <Button size="sm" variant="ink" onClick={() => setOpen(true)}>
              Confirm now
            </Button>
          )}
          <Button
            size="sm"
            variant="outline"
            className="bg-transparent"
            onClick={() => void signInAgain()}
          >
            <LogIn /> Sign in again
          </Button>
        </div>
      </div>
      <StepUpDialog
        open={open}
        factors={factors}
        purpose={purpose}
        onClose={() => setOpen(false)}
        onConfirmed={() => {
          setOpen(false);
          onConfirmed();
        }}
      />
    </div>
  );
}
