import { AUTH_TEXTS, hasAnyRole, OWNERSHIP_MESSAGES, type Role } from '@adreel/domain';
import { MailWarning } from 'lucide-react';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { StateMessage } from '@/components/state-message';
import { useSession } from '@/lib/session';

/**
 * SPEC.md §2 route guard: signed out goes to /auth, signed in without a required role goes to /feed,
 * and "Loading" shows while the session is being checked. Without `roles`, any signed-in user passes.
 * An area that needs a role waits for the address to be proven (decision 022): the page says so in
 * place of the screen, whose every request the server would refuse.
 */
export function RouteGuard({ roles }: { roles?: readonly Role[] }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'signed-out') {
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  if (roles && !hasAnyRole(session.user.roles, roles)) return <Navigate to="/feed" replace />;
  if (roles && !session.user.emailVerified)
    return (
      <div className="mx-auto max-w-xl px-4 py-10">
        <StateMessage
          icon={MailWarning}
          title={AUTH_TEXTS.checkInbox}
          description={OWNERSHIP_MESSAGES.unprovenSession}
          action={
            <Link to="/account" className="text-sm font-semibold underline underline-offset-4">
              {AUTH_TEXTS.manageAccount}
            </Link>
          }
        />
      </div>
    );
  return <Outlet />;
}
