import { homePathFor, type MfaRequired } from '@adreel/domain';
import { ArrowLeft, ShieldCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useVerifyMfa } from '../api/verify-mfa';

const CODE_PATTERN = /^\d{6}$/;

/** The second step of a sign-in: a 6-digit code from an authenticator app, or a recovery code. */
export function MfaForm({ mfa, onBack }: { mfa: MfaRequired['mfa']; onBack: () => void }) {
  const session = useSession();
  const navigate = useNavigate();
  const verify = useVerifyMfa();
  const inputRef = useRef<HTMLInputElement>(null);
  // Passkeys answer in their own flow; this step asks for authenticator-app codes.
  const totpFactors = mfa.factors.filter((factor) => factor.factorType === 'totp');
  const [factorId, setFactorId] = useState(totpFactors[0]?.id ?? '');
  const [useRecovery, setUseRecovery] = useState(totpFactors.length === 0);
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  function switchMode() {
    setUseRecovery((v) => !v);
    setError(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (useRecovery ? !recoveryCode.trim() : !CODE_PATTERN.test(code)) {
      setError(
        useRecovery
          ? 'Enter one of your recovery codes'
          : 'Enter the 6-digit code from your authenticator app',
      );
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const body = useRecovery
      ? { ticket: mfa.ticket, recoveryCode: recoveryCode.trim() }
      : { ticket: mfa.ticket, factorId, code };
    verify.mutate(body, {
      onSuccess: ({ session: next }) => {
        if (!next) {
          toast.error('Error signing in');
          return;
        }
        session.setSession(next);
        toast.success('Welcome back!');
        void navigate(homePathFor(next.user.roles), { replace: true });
      },
      onError: (e) => {
        toast.error(serverMessage(e, 'Error signing in'));
        setCode('');
        inputRef.current?.focus();
      },
    });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-2xl bg-muted px-4 py-3.5">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          {useRecovery
            ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this account.'}
        </p>
      </div>

      {!useRecovery && totpFactors.length > 1 && (
        <Field label="Authenticator">
          {(control) => (
            <NativeSelect
              {...control}
              value={factorId}
              onChange={(e) => setFactorId(e.target.value)}
            >
              {totpFactors.map((factor, index) => (
                <option key={factor.id} value={factor.id}>
                  {factor.friendlyName || `Authenticator ${index + 1}`}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
      )}

      {useRecovery ? (
        <Field key="recovery" label="Recovery code" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              name="recoveryCode"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              autoFocus
              className="font-mono tracking-wider"
              value={recoveryCode}
              onChange={(e) => setRecoveryCode(e.target.value)}
            />
          )}
        </Field>
      ) : (
        <Field key="code" label="6-digit code" error={error}>
          {(control) => (
            <Input
              {...control}
              ref={inputRef}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={6}
              autoFocus
              placeholder="000000"
              className="h-14 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            />
          )}
        </Field>
      )}

      <Button type="submit" size="lg" className="mt-1 w-full" disabled={verify.isPending}>
        {verify.isPending ? (
          <>
            <Spinner /> Verifying…
          </>
        ) : (
          'Verify'
        )}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> Back to sign in
        </Button>
        {totpFactors.length > 0 && (
          <Button variant="link" size="sm" onClick={switchMode}>
            {useRecovery ? 'Use your authenticator app' : 'Use a recovery code'}
          </Button>
        )}
      </div>
    </form>
  );
}
