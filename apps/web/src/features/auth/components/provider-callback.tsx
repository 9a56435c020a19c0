import { homePathFor, IDENTITY_MESSAGES, MESSAGES, type MfaRequired } from '@adreel/domain';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useExchangeCode } from '../api/exchange-code';
import { takePendingSignIn } from '../lib/pkce';
import { MfaForm } from './mfa-form';

interface ProviderCallbackProps {
  code: string | null;
  error: string | null;
  errorDescription: string | null;
}

/**
 * The end of an identity-provider sign-in: the one-time code and this tab's PKCE verifier become a
 * session (or the second-factor step). A refusal is told as the server worded it; the private-beta
 * gate sends the person to /join, as sign-up does (SPEC.md §5).
 */
export function ProviderCallback({ code, error, errorDescription }: ProviderCallbackProps) {
  const session = useSession();
  const navigate = useNavigate();
  const exchange = useExchangeCode();
  const [mfa, setMfa] = useState<MfaRequired['mfa'] | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the code works once, and StrictMode runs effects twice.
    if (started.current) return;
    started.current = true;
    const pending = takePendingSignIn();
    setNext(pending.next);
    if (error) {
      toast.error(errorDescription || MESSAGES.signInFailed);
      void navigate(error === 'private_beta' ? '/join' : '/auth', { replace: true });
      return;
    }
    if (!code || !pending.verifier) {
      toast.error(IDENTITY_MESSAGES.flowExpired);
      void navigate('/auth', { replace: true });
      return;
    }
    exchange.mutate(
      { auth_code: code, code_verifier: pending.verifier },
      {
        onSuccess: (body) => {
          if ('mfa' in body) {
            setMfa(body.mfa);
            return;
          }
          if (!body.session) {
            toast.error(MESSAGES.signInFailed);
            void navigate('/auth', { replace: true });
            return;
          }
          session.setSession(body.session);
          toast.success(MESSAGES.welcomeBack);
          void navigate(pending.next ?? homePathFor(body.session.user.roles), { replace: true });
        },
        onError: (e) => {
          toast.error(serverMessage(e, MESSAGES.signInFailed));
          void navigate('/auth', { replace: true });
        },
      },
    );
  }, [code, error, errorDescription, exchange, navigate, session]);

  if (mfa) {
    return (
      <MfaForm mfa={mfa} returnTo={next} onBack={() => void navigate('/auth', { replace: true })} />
    );
  }
  return (
    <div className="flex items-center gap-3 text-muted-foreground" role="status">
      <Spinner /> Signing you in…
    </div>
  );
}
