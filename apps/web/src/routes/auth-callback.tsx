import { AUTH_TEXTS } from '@adreel/domain';
import { useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { ProviderCallback } from '@/features/auth/components/provider-callback';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /auth/callback?code= (or ?error=): where an identity provider's sign-in comes back to. */
export default function AuthCallbackPage() {
  useDocumentTitle('Signing in');
  const [params] = useSearchParams();
  return (
    <AuthLayout eyebrow={AUTH_TEXTS.privateBetaEyebrow} title="Signing you in">
      <ProviderCallback
        code={params.get('code')}
        error={params.get('error')}
        errorDescription={params.get('error_description')}
      />
    </AuthLayout>
  );
}
