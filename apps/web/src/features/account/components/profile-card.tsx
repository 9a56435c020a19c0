import type { SessionUser } from '@adreel/domain';
import { BadgeCheck, MailWarning } from 'lucide-react';
import { Card } from '@/components/ui/card';

const ROLE_LABEL = { admin: 'Admin', brand: 'Brand', creator: 'Creator', viewer: 'Viewer' };

export function ProfileCard({ user }: { user: SessionUser }) {
  const name = user.displayName || user.username;
  const initial = (name || user.email).charAt(0).toUpperCase();
  return (
    <Card asChild className="overflow-hidden">
      <section aria-labelledby="profile-title">
        <div
          className="h-20 bg-linear-to-br from-brand via-[#e0249a] to-brand-violet"
          aria-hidden="true"
        />
        <div className="px-6 pb-6">
          <div className="-mt-10 grid size-20 place-items-center overflow-hidden rounded-full bg-ink text-2xl font-extrabold text-white ring-4 ring-card">
            {user.photoUrl ? (
              <img src={user.photoUrl} alt="" className="size-full object-cover" />
            ) : (
              initial
            )}
          </div>
          <h2 id="profile-title" className="mt-4 text-xl font-bold tracking-tight">
            {name}
          </h2>
          <p className="text-sm text-muted-foreground">@{user.username}</p>

          <dl className="mt-5 flex flex-col gap-3.5 border-t border-border pt-5 text-sm">
            <div>
              <dt className="text-xs font-medium text-muted-foreground">Email</dt>
              <dd className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-medium break-all">{user.email}</span>
                {user.emailVerified ? (
                  <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-700">
                    <BadgeCheck className="size-3.5" aria-hidden="true" /> Verified
                  </span>
                ) : (
                  <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-700">
                    <MailWarning className="size-3.5" aria-hidden="true" /> Not verified
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-xs font-medium text-muted-foreground">
                {user.roles.length > 1 ? 'Roles' : 'Role'}
              </dt>
              <dd className="mt-1 flex flex-wrap gap-1.5">
                {(user.roles.length ? user.roles : ['viewer' as const]).map((role) => (
                  <span
                    key={role}
                    className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold"
                  >
                    {ROLE_LABEL[role]}
                  </span>
                ))}
              </dd>
            </div>
          </dl>
        </div>
      </section>
    </Card>
  );
}
