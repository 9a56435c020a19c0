import type { Factor } from '@adreel/domain';
import { MFA_TEXTS } from '@adreel/domain';
import { KeySquare, Plus, ShieldCheck, Smartphone } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { serverMessage } from '@/lib/error-message';
import { useFactors } from '../api/get-factors';
import { useRegenerateRecoveryCodes } from '../api/regenerate-recovery-codes';
import { AAL2_EXPLANATION, isAal2Required, verifiedOf } from '../lib/factors';
import { EnrolTotpDialog } from './enrol-totp-dialog';
import { FactorList, FactorListSkeleton } from './factor-list';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { RemoveFactorDialog } from './remove-factor-dialog';
import { StatusBadge } from './status-badge';
import { StepUpNotice } from './step-up';
import { useEmailVerified, VerifyFirstNotice } from './verify-first';

/**
 * /account "Two-factor authentication" (DESIGN.md §3): whether sign-in asks for a second factor,
 * the authenticator apps that answer it, and the recovery codes for when none is at hand.
 */
export function TwoFactorCard() {
  const factors = useFactors();
  const emailVerified = useEmailVerified();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolling, setEnrolling] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [regenerating, setRegenerating] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [needsStepUp, setNeedsStepUp] = useState(false);

  const all = factors.data ?? [];
  const verified = verifiedOf(all);
  const apps = verifiedOf(all, 'totp');
  const on = verified.length > 0;

  function regenerateCodes() {
    regenerate.mutate(undefined, {
      onSuccess: (fresh) => {
        setRegenerating(false);
        setCodes(fresh);
      },
      onError: (error) => {
        setRegenerating(false);
        if (isAal2Required(error)) {
          toast.error(AAL2_EXPLANATION);
          setNeedsStepUp(true);
          return;
        }
        toast.error(serverMessage(error, 'Error generating recovery codes'));
      },
    });
  }

  return (
    <Card asChild>
      <section aria-labelledby="two-factor-title">
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle asChild>
              <h2 id="two-factor-title">{MFA_TEXTS.twoFactor}</h2>
            </CardTitle>
            {factors.isSuccess && <StatusBadge on={on} />}
          </div>
          <CardDescription>
            {on
              ? 'Signing in also asks for a code from your authenticator app or your phone, or for your passkey.'
              : 'Add a second step to signing in, so a stolen password is not enough to get in.'}
          </CardDescription>
        </CardHeader>

        <div className="flex flex-col gap-6 p-6">
          {needsStepUp && factors.isSuccess && (
            <StepUpNotice factors={all} onConfirmed={() => setNeedsStepUp(false)} />
          )}

          {!emailVerified ? (
            <VerifyFirstNotice />
          ) : factors.isPending ? (
            <FactorListSkeleton label="Loading two-factor settings" />
          ) : factors.isError ? (
            <QueryError
              variant="inline"
              error={factors.error}
              title="Your two-factor settings can't be loaded right now."
              onRetry={() => void factors.refetch()}
              retrying={factors.isFetching}
            />
          ) : !on ? (
            <div className="grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-3.5 rounded-2xl bg-muted/70 p-5 sm:grid-cols-[auto_1fr_auto] sm:items-center">
              <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-background text-primary shadow-card">
                <ShieldCheck className="size-5.5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold">Use an authenticator app</p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  Scan a QR code once; then sign-in asks for the 6-digit code the app shows.
                </p>
              </div>
              <Button
                className="col-start-2 justify-self-start sm:col-start-auto"
                onClick={() => setEnrolling(true)}
              >
                Set up
              </Button>
            </div>
          ) : (
            <>
              <div>
                <div className="mb-3 flex items-center justify-between gap-3">
                  <h3 className="text-sm font-semibold">Authenticator apps</h3>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="-mr-3"
                    onClick={() => setEnrolling(true)}
                  >
                    <Plus /> Add
                  </Button>
                </div>
                {apps.length > 0 ? (
                  <FactorList factors={apps} icon={Smartphone} onRemove={setRemoving} />
                ) : (
                  <p className="text-sm text-muted-foreground">
                    {verifiedOf(all, 'phone').length > 0
                      ? 'No authenticator app yet. A code texted to your phone answers the second step.'
                      : 'No authenticator app yet. Your passkey answers the second step.'}
                  </p>
                )}
              </div>
              <div className="grid grid-cols-[auto_1fr] items-center gap-x-3.5 gap-y-3 border-t border-border pt-5 sm:grid-cols-[auto_1fr_auto]">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-muted">
                  <KeySquare className="size-5" aria-hidden="true" />
                </span>
                <div className="min-w-0">
                  <h3 className="font-semibold">{MFA_TEXTS.recoveryCodes}</h3>
                  <p className="text-[0.8125rem] text-muted-foreground">
                    Single-use codes for when your phone or passkey isn't at hand.
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  className="col-start-2 justify-self-start sm:col-start-auto"
                  onClick={() => setRegenerating(true)}
                >
                  Generate new codes
                </Button>
              </div>
            </>
          )}
        </div>

        {enrolling && (
          <EnrolTotpDialog
            first={!on}
            onClose={() => setEnrolling(false)}
            onEnrolled={(recoveryCodes) => {
              setEnrolling(false);
              setNeedsStepUp(false);
              if (recoveryCodes?.length) setCodes(recoveryCodes);
            }}
            onAal2Required={() => {
              toast.error(AAL2_EXPLANATION);
              setNeedsStepUp(true);
            }}
          />
        )}
        <RemoveFactorDialog
          factor={removing}
          isLast={verified.length === 1}
          onClose={() => setRemoving(null)}
          onAal2Required={() => setNeedsStepUp(true)}
        />
        <ConfirmDialog
          open={regenerating}
          title="Generate new recovery codes?"
          description={<p>Your current recovery codes will stop working right away.</p>}
          confirmLabel="Generate new codes"
          pending={regenerate.isPending}
          onConfirm={regenerateCodes}
          onCancel={() => setRegenerating(false)}
        />
        <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      </section>
    </Card>
  );
}
