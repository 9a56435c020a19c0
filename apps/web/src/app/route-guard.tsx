import { hasAnyRole, type Role } from '@adreel/domain';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { useSession } from '@/lib/session';

/**
 * SPEC.md §2 route guard: signed out goes to /auth, signed in without a required role goes to /feed,
 * and "Loading" shows while the session is being checked. Without `roles`, any signed-in user passes.
 * An area that needs a role waits for the address to be proven (decision 022): such a user goes to
 * /account, the one place they can act until then.
 */
export function RouteGuard({ roles }: { roles?: readonly Role[] }) {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'signed-out') {
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  if (roles && !hasAnyRole(session.user.roles, roles)) return <Navigate to="/feed" replace />;
  // Until the address is proven every request of a role area would be refused (decision 022):
  // /account is where such a user can act, under the banner that says what waits for the link.
  if (roles && !session.user.emailVerified) return <Navigate to="/account" replace />;
  return <Outlet />;
}
