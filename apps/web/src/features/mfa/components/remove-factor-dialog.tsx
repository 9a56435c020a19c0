import type { Factor } from '@adreel/domain';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { serverMessage } from '@/lib/error-message';
import { useRemoveFactor } from '../api/remove-factor';
import { AAL2_EXPLANATION, factorName, isAal2Required } from '../lib/factors';

/** Asks before removing a factor, and says what turns off with the account's last one. */
export function RemoveFactorDialog({
  factor,
  isLast,
  onClose,
  onAal2Required,
}: {
  factor: Factor | null;
  /** The account's only verified factor: removing it turns two-factor sign-in off. */
  isLast: boolean;
  onClose: () => void;
  onAal2Required: () => void;
}) {
  const remove = useRemoveFactor();
  const name = factor ? factorName(factor) : '';
  const passkey = factor?.factorType === 'webauthn';
  const phone = factor?.factorType === 'phone';

  function confirm() {
    if (!factor) return;
    remove.mutate(factor.id, {
      onSuccess: () => {
        toast.success(
          isLast
            ? 'Two-factor authentication is off'
            : `${passkey ? 'Passkey' : phone ? 'Phone' : 'Authenticator'} removed`,
        );
        onClose();
      },
      onError: (error) => {
        onClose();
        if (isAal2Required(error)) {
          toast.error(AAL2_EXPLANATION);
          onAal2Required();
          return;
        }
        toast.error(serverMessage(error, `Error removing ${name}`));
      },
    });
  }

  return (
    <ConfirmDialog
      open={factor !== null}
      title={`Remove “${name}”?`}
      description={
        <>
          <p>
            {passkey
              ? 'You will no longer be able to sign in with this passkey.'
              : phone
                ? 'Codes will no longer be texted to this phone.'
                : 'Codes from this authenticator app will no longer work.'}
          </p>
          {isLast && (
            <p className="font-medium text-foreground">
              It is your only second factor: two-factor authentication will turn off and your
              recovery codes will stop working.
            </p>
          )}
        </>
      }
      confirmLabel="Remove"
      destructive
      pending={remove.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
