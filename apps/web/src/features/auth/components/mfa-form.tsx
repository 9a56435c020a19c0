import {
  AUTH_TEXTS,
  homePathFor,
  MESSAGES,
  MFA_MESSAGES,
  MFA_TEXTS,
  type MfaRequired,
  type SessionResponse,
} from '@adreel/domain';
import { ArrowLeft, KeyRound, MessageSquareText, ShieldCheck } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { passkeysSupported } from '@/lib/passkey';
import { useReturnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { useTextMfaCode } from '../api/text-mfa-code';
import { useVerifyMfa } from '../api/verify-mfa';
import { useVerifyMfaPasskey } from '../api/verify-mfa-passkey';
import { OrDivider, showPasskeyFailure } from './passkey-sign-in-button';

const CODE_PATTERN = /^\d{6}$/;

type Mode = 'totp' | 'phone' | 'passkey' | 'recovery';

/**
 * The second step of a sign-in: a 6-digit code from an authenticator app or texted to the
 * account's phone, the account's passkey, or a recovery code.
 */
export function MfaForm({
  mfa,
  onBack,
  returnTo: givenReturnTo,
}: {
  mfa: MfaRequired['mfa'];
  onBack: () => void;
  /** Where to go once signed in, when the page knows better than the route guard's state. */
  returnTo?: string | null;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const guardReturnTo = useReturnPath();
  const returnTo = givenReturnTo ?? guardReturnTo;
  const verify = useVerifyMfa();
  const verifyPasskey = useVerifyMfaPasskey();
  const textCode = useTextMfaCode();
  const phoneFactors = mfa.factors.filter((factor) => factor.factorType === 'phone');
  const phoneFactor = phoneFactors[0];
  const [texted, setTexted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const totpFactors = mfa.factors.filter((factor) => factor.factorType === 'totp');
  const hasPasskey =
    passkeysSupported() && mfa.factors.some((factor) => factor.factorType === 'webauthn');
  // The authenticator app first where there is one; else the passkey; a recovery code last.
  const preferred: Mode =
    totpFactors.length > 0 ? 'totp' : phoneFactor ? 'phone' : hasPasskey ? 'passkey' : 'recovery';
  const [factorId, setFactorId] = useState(totpFactors[0]?.id ?? '');
  const [mode, setMode] = useState<Mode>(preferred);
  const useRecovery = mode === 'recovery';
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const busy = verify.isPending || verifyPasskey.isPending || textCode.isPending;

  function textMeACode() {
    if (!phoneFactor) return;
    setMode('phone');
    setError(null);
    setCode('');
    textCode.mutate(
      { ticket: mfa.ticket, factorId: phoneFactor.id },
      {
        onSuccess: ({ message }) => {
          setTexted(true);
          toast.success(message);
          requestAnimationFrame(() => inputRef.current?.focus());
        },
        onError: (e) => toast.error(serverMessage(e, MFA_TEXTS.sendCodeFailed)),
      },
    );
  }

  function switchMode() {
    setMode((current) => (current === 'recovery' ? preferred : 'recovery'));
    setError(null);
    requestAnimationFrame(() => inputRef.current?.focus());
  }

  function signedIn(next: SessionResponse['session']) {
    if (!next) {
      toast.error(MESSAGES.signInFailed);
      return;
    }
    session.setSession(next);
    toast.success(MESSAGES.welcomeBack);
    void navigate(returnTo ?? homePathFor(next.user.roles), { replace: true });
  }

  function answerWithPasskey() {
    verifyPasskey.mutate(mfa.ticket, {
      onSuccess: ({ session: next }) => signedIn(next),
      onError: showPasskeyFailure,
    });
  }

  const passkeyButton = hasPasskey && (
    <Button
      variant={mode === 'passkey' ? 'default' : 'outline'}
      size="lg"
      className="w-full"
      disabled={busy}
      onClick={answerWithPasskey}
    >
      {verifyPasskey.isPending ? <Spinner /> : <KeyRound />}
      {MFA_TEXTS.usePasskey}
    </Button>
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mode === 'passkey') {
      answerWithPasskey();
      return;
    }
    if (mode === 'phone' && !texted) {
      textMeACode();
      return;
    }
    if (useRecovery ? !recoveryCode.trim() : !CODE_PATTERN.test(code)) {
      setError(
        useRecovery
          ? MFA_MESSAGES.recoveryCodeRequired
          : mode === 'phone'
            ? MFA_MESSAGES.phoneCodeInvalid
            : MFA_MESSAGES.totpCodeInvalid,
      );
      inputRef.current?.focus();
      return;
    }
    setError(null);
    const body = useRecovery
      ? { ticket: mfa.ticket, recoveryCode: recoveryCode.trim() }
      : {
          ticket: mfa.ticket,
          factorId: mode === 'phone' ? (phoneFactor?.id ?? '') : factorId,
          code,
        };
    verify.mutate(body, {
      onSuccess: ({ session: next }) => signedIn(next),
      onError: (e) => {
        toast.error(serverMessage(e, MESSAGES.signInFailed));
        setCode('');
        inputRef.current?.focus();
      },
    });
  }

  const explanation = {
    totp: 'Open your authenticator app and enter the 6-digit code it shows for this account.',
    phone: texted
      ? `Enter the 6-digit code we texted to ${phoneFactor?.friendlyName || 'your phone'}. It works for 10 minutes.`
      : `We'll text a 6-digit code to ${phoneFactor?.friendlyName || 'your phone'}.`,
    passkey:
      'Confirm with the passkey you added to this account: your fingerprint, face, screen lock or security key.',
    recovery:
      'Enter one of the recovery codes you saved when you turned on two-factor authentication. Each code works once.',
  }[mode];

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="flex items-start gap-3 rounded-2xl bg-muted px-4 py-3.5">
        <ShieldCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">{explanation}</p>
      </div>

      {mode === 'totp' && totpFactors.length > 1 && (
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

      {mode === 'recovery' && (
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
      )}
      {(mode === 'totp' || (mode === 'phone' && texted)) && (
        <Field key="code" label={MFA_TEXTS.codeLabel} error={error}>
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

      {mode === 'passkey' ? (
        passkeyButton
      ) : mode === 'phone' && !texted ? (
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {textCode.isPending ? <Spinner /> : <MessageSquareText />}
          {MFA_TEXTS.textMeACode}
        </Button>
      ) : (
        <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy}>
          {verify.isPending ? (
            <>
              <Spinner /> Verifying…
            </>
          ) : (
            'Verify'
          )}
        </Button>
      )}
      {mode === 'phone' && texted && (
        <Button
          variant="link"
          size="sm"
          className="self-center"
          disabled={busy}
          onClick={textMeACode}
        >
          {MFA_TEXTS.sendNewCode}
        </Button>
      )}
      {mode === 'totp' && phoneFactor && (
        <Button
          variant="outline"
          size="lg"
          className="w-full"
          disabled={busy}
          onClick={textMeACode}
        >
          {textCode.isPending ? <Spinner /> : <MessageSquareText />}
          {MFA_TEXTS.textMeACode}
        </Button>
      )}
      {mode === 'totp' && hasPasskey && (
        <>
          <OrDivider />
          {passkeyButton}
        </>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onBack}>
          <ArrowLeft /> {AUTH_TEXTS.backToSignIn}
        </Button>
        {(totpFactors.length > 0 || phoneFactor || hasPasskey) && (
          <Button variant="link" size="sm" onClick={switchMode}>
            {mode !== 'recovery'
              ? 'Use a recovery code'
              : preferred === 'totp'
                ? 'Use your authenticator app'
                : preferred === 'phone'
                  ? 'Use a texted code'
                  : MFA_TEXTS.usePasskey}
          </Button>
        )}
      </div>
    </form>
  );
}
