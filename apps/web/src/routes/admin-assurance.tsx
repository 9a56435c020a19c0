import { MFA_TEXTS } from '@adreel/domain';
import { useQuery } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { PageHeader } from '@/components/page-header';
import { factorsQueryOptions } from '@/features/mfa/api/get-factors';
import { StepUpNotice } from '@/features/mfa/components/step-up';
import { ADMIN_TOOLS, tokenAssurance, verifiedOf } from '@/features/mfa/lib/factors';
import { getAccessToken } from '@/lib/api';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The admin area's second check: an admin whose account has a second factor uses the admin tools
 * only in a session that passed it (the server answers anything else with 403 aal2_required). A
 * session that signed in before the factor was added, on another device, lands here instead of on a
 * page of errors, and can confirm with the factor without signing out.
 */
export default function AdminAssurance() {
  // Re-read on every session change: confirming swaps in an access token that says aal2.
  useSession();
  const assured = tokenAssurance(getAccessToken()) === 'aal2';
  const factors = useQuery({ ...factorsQueryOptions(), enabled: !assured });

  if (assured) return <Outlet />;
  if (factors.isPending) return <LoadingScreen />;
  // No second factor (or the list failed to load: the server still decides, page by page).
  if (!factors.isSuccess || verifiedOf(factors.data).length === 0) return <Outlet />;
  return <ConfirmFirst factors={factors.data} />;
}

function ConfirmFirst({ factors }: { factors: Parameters<typeof StepUpNotice>[0]['factors'] }) {
  useDocumentTitle(MFA_TEXTS.confirmItsYou);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-5 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={MFA_TEXTS.confirmItsYou}
        description="Your account has two-factor authentication, and this session has not used it yet."
      />
      <StepUpNotice factors={factors} purpose={ADMIN_TOOLS} onConfirmed={() => {}} />
    </div>
  );
}
