import type { Factor } from '@adreel/domain';
import { MFA_TEXTS } from '@adreel/domain';
import { Fingerprint, KeyRound, Plus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { passkeysSupported } from '@/lib/passkey';
import { useFactors } from '../api/get-factors';
import { AAL2_EXPLANATION, verifiedOf } from '../lib/factors';
import { AddPasskeyDialog } from './add-passkey-dialog';
import { FactorList, FactorListSkeleton } from './factor-list';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { RemoveFactorDialog } from './remove-factor-dialog';
import { StepUpNotice } from './step-up';
import { useEmailVerified, VerifyFirstNotice } from './verify-first';

/**
 * /account "Passkeys" (DESIGN.md §3): sign in without a password, and a second factor after one.
 */
export function PasskeysCard() {
  const factors = useFactors();
  const emailVerified = useEmailVerified();
  const supported = passkeysSupported();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<Factor | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [needsStepUp, setNeedsStepUp] = useState(false);

  const all = factors.data ?? [];
  const verified = verifiedOf(all);
  const passkeys = verifiedOf(all, 'webauthn');

  const addButton = (
    <Button
      variant={passkeys.length > 0 ? 'ghost' : 'default'}
      size="sm"
      className={passkeys.length > 0 ? '-mr-3' : undefined}
      disabled={!supported}
      onClick={() => setAdding(true)}
    >
      <Plus /> {MFA_TEXTS.addPasskey}
    </Button>
  );

  return (
    <Card asChild>
      <section aria-labelledby="passkeys-title">
        <CardHeader>
          <div className="flex items-center justify-between gap-3">
            <CardTitle asChild>
              <h2 id="passkeys-title">Passkeys</h2>
            </CardTitle>
            {emailVerified && factors.isSuccess && passkeys.length > 0 && addButton}
          </div>
          <CardDescription>
            Sign in with your fingerprint, face or screen lock instead of a password. A passkey also
            works as your second step.
          </CardDescription>
        </CardHeader>
        <div className="flex flex-col gap-5 p-6">
          {needsStepUp && factors.isSuccess && (
            <StepUpNotice factors={all} onConfirmed={() => setNeedsStepUp(false)} />
          )}
          {!emailVerified ? (
            <VerifyFirstNotice />
          ) : factors.isPending ? (
            <FactorListSkeleton label="Loading passkeys" />
          ) : factors.isError ? (
            <QueryError
              variant="inline"
              error={factors.error}
              title="Your passkeys can't be loaded right now."
              onRetry={() => void factors.refetch()}
              retrying={factors.isFetching}
            />
          ) : passkeys.length > 0 ? (
            <FactorList factors={passkeys} icon={KeyRound} onRemove={setRemoving} />
          ) : (
            <div className="grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-3.5 rounded-2xl border border-dashed border-border p-5 sm:grid-cols-[auto_1fr_auto] sm:items-center">
              <span className="grid size-11 shrink-0 place-items-center rounded-2xl bg-brand-soft text-primary">
                <Fingerprint className="size-5.5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="font-semibold">No passkeys yet</p>
                <p className="mt-0.5 text-sm text-muted-foreground">
                  {supported
                    ? 'Add one on this device to sign in with a touch or a glance.'
                    : "This browser doesn't support passkeys. Try a current Chrome, Safari, Edge or Firefox."}
                </p>
              </div>
              <div className="col-start-2 sm:col-start-auto">{addButton}</div>
            </div>
          )}
        </div>

        {adding && (
          <AddPasskeyDialog
            first={verified.length === 0}
            onClose={() => setAdding(false)}
            onEnrolled={(recoveryCodes) => {
              setAdding(false);
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
        <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />
      </section>
    </Card>
  );
}
