import { AUTH_TEXTS } from '@adreel/domain';
import { Link, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { MissingToken } from '@/features/auth/components/missing-token';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /auth/reset?token= : the single-use link from the password-reset mail. */
export default function ResetPasswordPage() {
  useDocumentTitle(AUTH_TEXTS.chooseNewPassword);
  const token = useSearchParams()[0].get('token');
  return (
    <AuthLayout
      eyebrow="Account"
      title={AUTH_TEXTS.chooseNewPassword}
      description={token ? 'Pick something you have not used here before.' : undefined}
      footer={
        token ? (
          <>
            Link expired?{' '}
            <Link
              to="/auth?view=forgot"
              className="rounded-sm font-semibold text-foreground underline-offset-4 hover:underline"
            >
              Send a new one
            </Link>
          </>
        ) : undefined
      }
    >
      {token ? <ResetPasswordForm token={token} /> : <MissingToken what="password reset" />}
    </AuthLayout>
  );
}
