import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { ProfileCard } from '@/features/account/components/profile-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { SignInMethodsCard } from '@/features/account/components/sign-in-methods-card';
import { YOUR_DATA_PURPOSE, YourDataCard } from '@/features/account-data/components/your-data-card';
import { DigestPreferenceCard } from '@/features/digest/components/digest-preference-card';
import { PasskeysCard } from '@/features/mfa/components/passkeys-card';
import { PhoneCard } from '@/features/mfa/components/phone-card';
import { StepUpForPurpose } from '@/features/mfa/components/step-up';
import { TwoFactorCard } from '@/features/mfa/components/two-factor-card';
import { MyReportsCard } from '@/features/reports/components/my-reports-card';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * /account (DESIGN.md §3): who you are, how you sign in (two-factor, passkeys, password) and where
 * you are signed in.
 */
export default function AccountPage() {
  useDocumentTitle('Account');
  const session = useSession();
  // The route guard lets only signed-in users here.
  if (session.status !== 'signed-in') return null;
  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <header className="animate-fade-up">
        <p className="text-eyebrow uppercase text-primary">Settings</p>
        <h1 className="mt-2 text-title sm:text-[2.25rem]">Account</h1>
        <p className="mt-2 text-muted-foreground">
          Your profile, how you sign in, and where you are signed in.
        </p>
      </header>
      <div className="mt-8 grid items-start gap-4 lg:grid-cols-[20rem_1fr] lg:gap-6">
        <div className="lg:sticky lg:top-20">
          <ProfileCard user={session.user} />
        </div>
        <div className="flex min-w-0 flex-col gap-4 lg:gap-6">
          <SignInMethodsCard />
          <TwoFactorCard />
          <PasskeysCard />
          <PhoneCard />
          <SessionsCard />
          <ChangePasswordCard />
          <MyReportsCard />
          <DigestPreferenceCard />
          <YourDataCard
            stepUp={(done) => <StepUpForPurpose purpose={YOUR_DATA_PURPOSE} onConfirmed={done} />}
          />
        </div>
      </div>
    </div>
  );
}
