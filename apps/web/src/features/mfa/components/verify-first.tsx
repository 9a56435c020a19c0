import { OWNERSHIP_MESSAGES } from '@adreel/domain';
import { MailWarning } from 'lucide-react';
import { useSession } from '@/lib/session';

/** Whether the signed-in user's address is proven; nothing is added to the account before. */
export function useEmailVerified(): boolean {
  const session = useSession();
  return session.status !== 'signed-in' || session.user.emailVerified;
}

/**
 * Decision 022: an account whose address is not verified cannot add a passkey, an authenticator
 * app or a phone (the server refuses with the same words); this takes the place of the offer.
 */
export function VerifyFirstNotice() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-2xl border border-amber-200/80 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <MailWarning className="mt-0.5 size-4 shrink-0 text-amber-700" aria-hidden="true" />
      <p>{OWNERSHIP_MESSAGES.verifyEmailFirst}</p>
    </div>
  );
}
