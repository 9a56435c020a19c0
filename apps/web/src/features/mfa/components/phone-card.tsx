import { type Factor, MFA_MESSAGES, MFA_TEXTS } from '@adreel/domain';
import { MessageSquareText, Plus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useChallengeFactor } from '../api/challenge-factor';
import { useEnrolFactor } from '../api/enrol-factor';
import { useFactors } from '../api/get-factors';
import { useVerifyFactor } from '../api/verify-factor';
import { AAL2_EXPLANATION, isAal2Required, isCodeError, verifiedOf } from '../lib/factors';
import { FactorList, FactorListSkeleton } from './factor-list';
import { PhoneNumberForm } from './phone-number-form';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { RemoveFactorDialog } from './remove-factor-dialog';
import { StatusBadge } from './status-badge';
import { StepUpNotice } from './step-up';
import { useEmailVerified, VerifyFirstNotice } from './verify-first';

type Step =
  | { name: 'idle' }
  | { name: 'number' }
  | { name: 'code'; factorId: string; phone: string };

/**
 * /account "Phone" (issue 7 item 6): a mobile number that gets a 6-digit code by text message as
 * the second step of signing in. Adding one texts a code to prove the number.
 */
export function PhoneCard() {
  const factors = useFactors();
  const emailVerified = useEmailVerified();
  const enrol = useEnrolFactor();
  const challenge = useChallengeFactor();
  const verify = useVerifyFactor();
  const inputRef = useRef<HTMLInputElement>(null);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [needsStepUp, setNeedsStepUp] = useState(false);
  const all = factors.data ?? [];
  const phones = verifiedOf(all, 'phone');
  const verifiedCount = verifiedOf(all).length;
  const busy = enrol.isPending || challenge.isPending || verify.isPending;

  function focusInput() {
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function failed(e: unknown, fallback: string) {
    if (isAal2Required(e)) {
      toast.error(AAL2_EXPLANATION);
      setNeedsStepUp(true);
      setStep({ name: 'idle' });
    } else toast.error(serverMessage(e, fallback));
  }

  function sendCode(factorId: string, number: string) {
    challenge.mutate(factorId, {
      onSuccess: () => {
        setStep({ name: 'code', factorId, phone: number });
        setCode('');
        setError(null);
        toast.success(MFA_MESSAGES.phoneCodeSent);
        focusInput();
      },
      onError: (e) => failed(e, MFA_TEXTS.sendCodeFailed),
    });
  }

  function submitNumber(phone: string, refuse: (message: string) => void) {
    enrol.mutate(
      { factor_type: 'phone', phone, friendly_name: `Phone ${phone.slice(-4)}` },
      {
        onSuccess: (answer) => {
          if (answer.factor_type === 'phone') sendCode(answer.id, answer.phone);
        },
        onError: (e) => {
          if (isAal2Required(e)) return failed(e, '');
          refuse(serverMessage(e, 'Error adding the phone'));
        },
      },
    );
  }

  function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (step.name !== 'code') return;
    if (!/^\d{6}$/.test(code)) {
      setError(MFA_MESSAGES.phoneCodeInvalid);
      inputRef.current?.focus();
      return;
    }
    setError(null);
    verify.mutate(
      { factorId: step.factorId, code },
      {
        onSuccess: (answer) => {
          toast.success('Phone added');
          setStep({ name: 'idle' });
          if (answer.recovery_codes?.length) setCodes(answer.recovery_codes);
        },
        onError: (e) => {
          setCode('');
          focusInput();
          if (isCodeError(e)) setError(serverMessage(e, MFA_MESSAGES.invalidCode));
          else failed(e, MFA_TEXTS.verifyCodeFailed);
        },
      },
    );
  }

  function cancel() {
    setStep({ name: 'idle' });
    setError(null);
    setCode('');
  }

  return (
    <Card asChild>
      <section aria-labelledby="phone-title">
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle asChild>
              <h2 id="phone-title">Phone</h2>
            </CardTitle>
            {factors.isSuccess && <StatusBadge on={phones.length > 0} />}
          </div>
          <CardDescription>
            Get a 6-digit code by text message as the second step of signing in.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-5 p-6">
          {needsStepUp && factors.isSuccess && (
            <StepUpNotice factors={all} onConfirmed={() => setNeedsStepUp(false)} />
          )}
          {!emailVerified ? (
            <VerifyFirstNotice />
          ) : factors.isPending ? (
            <FactorListSkeleton label="Loading phone settings" />
          ) : factors.isError ? (
            <QueryError
              variant="inline"
              error={factors.error}
              title="Your phone settings can't be loaded right now."
              onRetry={() => void factors.refetch()}
              retrying={factors.isFetching}
            />
          ) : (
            <>
              {phones.length > 0 ? (
                <FactorList factors={phones} icon={MessageSquareText} onRemove={setRemoving} />
              ) : (
                step.name === 'idle' && (
                  <p className="text-sm text-muted-foreground">
                    No phone yet. An authenticator app or a passkey is safer; a phone is handy as a
                    backup.
                  </p>
                )
              )}

              {step.name === 'idle' && (
                <div>
                  <Button
                    variant="outline"
                    onClick={() => {
                      setStep({ name: 'number' });
                      focusInput();
                    }}
                  >
                    <Plus /> Add a phone
                  </Button>
                </div>
              )}

              {step.name === 'number' && (
                <PhoneNumberForm busy={busy} onCancel={cancel} onSubmit={submitNumber} />
              )}

              {step.name === 'code' && (
                <form onSubmit={submitCode} noValidate className="flex flex-col gap-4">
                  <p className="text-sm text-muted-foreground">
                    We texted a code to{' '}
                    <span className="font-medium text-foreground">{step.phone}</span>. It works for
                    10 minutes.
                  </p>
                  <Field label={MFA_TEXTS.codeLabel} error={error}>
                    {(control) => (
                      <Input
                        {...control}
                        ref={inputRef}
                        name="code"
                        inputMode="numeric"
                        autoComplete="one-time-code"
                        pattern="[0-9]*"
                        maxLength={6}
                        placeholder="000000"
                        className="h-12 text-center font-mono text-xl tracking-[0.4em] placeholder:tracking-[0.4em]"
                        value={code}
                        onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                      />
                    )}
                  </Field>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <Button
                      type="button"
                      variant="link"
                      size="sm"
                      disabled={busy}
                      onClick={() => sendCode(step.factorId, step.phone)}
                    >
                      {MFA_TEXTS.sendNewCode}
                    </Button>
                    <div className="flex gap-2">
                      <Button type="button" variant="ghost" onClick={cancel} disabled={busy}>
                        Cancel
                      </Button>
                      <Button type="submit" disabled={busy}>
                        {verify.isPending && <Spinner />}
                        Verify
                      </Button>
                    </div>
                  </div>
                </form>
              )}
            </>
          )}
        </div>
        <RemoveFactorDialog
          factor={removing}
          isLast={verifiedCount === 1}
          onClose={() => setRemoving(null)}
          onAal2Required={() => setNeedsStepUp(true)}
        />
        <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      </section>
    </Card>
  );
}
