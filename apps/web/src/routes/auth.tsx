import { AUTH_TEXTS, homePathFor, type MfaRequired } from '@adreel/domain';
import { useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AuthLayout } from '@/components/auth-layout';
import { LoadingScreen } from '@/components/loading-screen';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { MfaForm } from '@/features/auth/components/mfa-form';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { appName } from '@/lib/app-name';
import { useReturnPath } from '@/lib/return-path';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

type Tab = 'signin' | 'signup';
type View =
  | { name: 'tabs' }
  | { name: 'forgot'; email: string }
  | { name: 'mfa'; mfa: MfaRequired['mfa'] };

const HEADINGS: Record<Tab | 'forgot' | 'mfa', { title: string; description: string }> = {
  signin: {
    title: `Sign in to ${appName()}`,
    description: 'Welcome back. Pick up where you left off.',
  },
  signup: {
    title: 'Create your account',
    description: 'Sign up with an invite code, or with an email that is on the whitelist.',
  },
  forgot: {
    title: 'Reset your password',
    description: "Enter your account's email and we'll send you a link to choose a new password.",
  },
  mfa: {
    title: 'Two-step verification',
    description: 'One more step to keep your account safe.',
  },
};

/** /auth (SPEC.md §2): tabs Sign In and Sign Up; `?tab=signup&email=` preselects and prefills. */
export default function AuthPage() {
  const session = useSession();
  const returnTo = useReturnPath();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'signup' ? 'signup' : 'signin';
  const email = params.get('email') ?? '';
  const [view, setView] = useState<View>(
    params.get('view') === 'forgot' ? { name: 'forgot', email } : { name: 'tabs' },
  );
  const heading = HEADINGS[view.name === 'tabs' ? tab : view.name];
  useDocumentTitle(tab === 'signup' && view.name === 'tabs' ? 'Sign Up' : 'Sign In');

  if (session.status === 'loading') return <LoadingScreen />;
  // SPEC.md §2: a signed-in visitor goes where their role lives.
  if (session.status === 'signed-in') {
    return <Navigate to={returnTo ?? homePathFor(session.user.roles)} replace />;
  }

  function selectTab(next: string) {
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.set('tab', next);
        updated.delete('view');
        return updated;
      },
      { replace: true },
    );
  }

  const backToSignIn = () => {
    setView({ name: 'tabs' });
    selectTab('signin');
  };

  return (
    <AuthLayout
      eyebrow={AUTH_TEXTS.privateBetaEyebrow}
      title={heading.title}
      description={heading.description}
      footer={
        // The Sign Up form has its own "Request here" link.
        (view.name !== 'tabs' || tab === 'signin') && (
          <>
            Not a member yet?{' '}
            <Link
              to="/join"
              className="rounded-sm font-semibold text-foreground underline-offset-4 hover:underline"
            >
              {AUTH_TEXTS.requestBetaAccess}
            </Link>
          </>
        )
      }
    >
      {view.name === 'mfa' ? (
        <MfaForm mfa={view.mfa} onBack={backToSignIn} />
      ) : view.name === 'forgot' ? (
        <ForgotPasswordForm defaultEmail={view.email} onBack={backToSignIn} />
      ) : (
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label="Sign in or sign up" className="mb-6">
            <TabsTrigger value="signin">Sign In</TabsTrigger>
            <TabsTrigger value="signup">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="signin">
            <SignInForm
              defaultEmail={email}
              onMfaRequired={(mfa) => setView({ name: 'mfa', mfa })}
              onForgotPassword={(typed) => setView({ name: 'forgot', email: typed })}
            />
          </TabsContent>
          <TabsContent value="signup">
            <SignUpForm defaultEmail={email} />
          </TabsContent>
        </Tabs>
      )}
    </AuthLayout>
  );
}
