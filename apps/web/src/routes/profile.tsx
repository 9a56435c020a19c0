import { AREA_ROLES, COMMON_TEXTS, hasAnyRole, primaryRole } from '@adreel/domain';
import { LogIn, UserRoundX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/features/profile/api/get-profile';
import { ProfileSkeleton, ProfileView } from '@/features/profile/components/profile-view';
import { ApiError } from '@/lib/api';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /profile?id=… (SPEC.md §2): a creator's public profile; without an id, your own. */
export default function ProfilePage() {
  const [params] = useSearchParams();
  const session = useSession();
  const requested = params.get('id')?.trim() || null;
  const own = requested === null || requested === session.user?.id;
  const needsSignIn = requested === null && session.status === 'signed-out';
  // Your own profile comes from /me, which shows it whatever your role.
  const profile = useProfile(
    own && session.status === 'signed-in' ? 'me' : (requested ?? 'me'),
    !needsSignIn && (requested !== null || session.status === 'signed-in'),
  );
  useDocumentTitle(profile.data ? profile.data.displayName : 'Profile');
  // Creators (and admins, who may upload) have a creator's figures; a brand or a viewer does not.
  const roles = session.status === 'signed-in' ? session.user.roles : [];
  const kind = hasAnyRole(roles, AREA_ROLES.creator)
    ? 'creator'
    : primaryRole(roles) === 'brand'
      ? 'brand'
      : 'viewer';

  let body: ReactNode;
  if (needsSignIn) {
    body = (
      <StateMessage
        icon={LogIn}
        title="Sign in to see your profile"
        description="Or open a creator's profile from the feed or the leaderboards."
        action={
          <Button asChild>
            <Link to="/auth" state={{ from: '/profile' }}>
              Sign In
            </Link>
          </Button>
        }
      />
    );
  } else if (profile.isError && profile.error instanceof ApiError && profile.error.status === 404) {
    body = (
      <StateMessage
        icon={UserRoundX}
        title={COMMON_TEXTS.creatorNotFound}
        description="This profile does not exist or is no longer available."
        action={
          <Button asChild variant="outline">
            <Link to="/leaderboard/creators">See Top Creators</Link>
          </Button>
        }
      />
    );
  } else if (profile.isError) {
    body = (
      <QueryError
        error={profile.error}
        title={serverMessage(profile.error, 'Error loading profile')}
        onRetry={() => void profile.refetch()}
        retrying={profile.isFetching}
      />
    );
  } else if (!profile.data) {
    body = <ProfileSkeleton />;
  } else {
    body = <ProfileView profile={profile.data} own={own} kind={kind} />;
  }

  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      {body}
    </div>
  );
}
