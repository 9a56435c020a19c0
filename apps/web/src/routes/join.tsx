import { AUTH_TEXTS } from '@adreel/domain';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { JoinForm } from '@/features/access/components/join-form';
import { appName } from '@/lib/app-name';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /join (SPEC.md §2): the beta access request. `?email=` prefills (from the sign-up gate). */
export default function JoinPage() {
  useDocumentTitle(AUTH_TEXTS.joinTheBeta);
  const email = useSearchParams()[0].get('email') ?? '';
  return (
    <AuthLayout
      eyebrow={AUTH_TEXTS.privateBetaEyebrow}
      title={AUTH_TEXTS.requestBetaAccess}
      description={`${appName()} is invite-only for now. Tell us who you are and we'll be in touch with your access details.`}
      footer={
        <>
          Already have an account?{' '}
          <Link
            to="/auth"
            className="rounded-sm font-semibold text-foreground underline-offset-4 hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <JoinForm defaultEmail={email} />
    </AuthLayout>
  );
}
