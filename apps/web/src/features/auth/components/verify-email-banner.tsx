import { AUTH_TEXTS } from '@adreel/domain';
import { MailWarning } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useResendVerification } from '../api/resend-verification';

/**
 * DESIGN.md §3: a role granted by the whitelist applies only once the address is verified, and an
 * unverified account adds no passkey or second factor (decision 022); this banner says why and
 * offers a new link.
 */
export default function VerifyEmailBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <section
      aria-label="Email verification"
      className="border-b border-amber-200/80 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6 lg:px-8">
        <p className="flex min-w-0 flex-1 items-start gap-2.5 text-sm leading-snug">
          <MailWarning className="mt-px size-4 shrink-0 text-amber-700" aria-hidden="true" />
          <span>
            {AUTH_TEXTS.verifyToFinish} {AUTH_TEXTS.sentLinkTo}{' '}
            <strong className="font-semibold break-all">{email}</strong>.
          </span>
        </p>
        <Button
          size="sm"
          variant="outline"
          className="ml-[1.625rem] self-start border-amber-300 bg-white/70 hover:bg-white sm:ml-0 sm:self-auto"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(undefined, {
              onSuccess: (body) => toast.success(body.message || `We sent a new link to ${email}.`),
              onError: (error) => toast.error(serverMessage(error, 'Error sending the link')),
            })
          }
        >
          {resend.isPending && <Spinner />}
          Resend link
        </Button>
      </div>
    </section>
  );
}
