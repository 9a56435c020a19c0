import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { MissingToken } from '@/features/auth/components/missing-token';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /auth/verify?token= : the link from the verification mail. */
export default function VerifyEmailPage() {
  useDocumentTitle('Verify email');
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout eyebrow="Account" title="Verify your email">
      {token ? <VerifyEmailStatus token={token} /> : <MissingToken what="verification" />}
    </AuthLayout>
  );
}
