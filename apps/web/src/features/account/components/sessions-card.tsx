import type { AccountSession } from '@adreel/domain';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { useEndAccountSession } from '../api/end-account-session';
import { useAccountSessions } from '../api/get-account-sessions';
import { describeUserAgent } from '../lib/describe-user-agent';

const ICONS = { phone: Smartphone, tablet: Tablet, desktop: Monitor, unknown: Monitor };

function byRecency(a: AccountSession, b: AccountSession): number {
  if (a.current !== b.current) return a.current ? -1 : 1;
  return b.lastSeenAt.localeCompare(a.lastSeenAt);
}

function SessionRow({ session }: { session: AccountSession }) {
  const end = useEndAccountSession();
  const device = describeUserAgent(session.userAgent);
  const Icon = ICONS[device.kind];
  const labelId = `session-${session.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3.5">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-muted text-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span id={labelId} className="font-semibold">
              {device.label}
            </span>
            {session.current && (
              <Badge className="bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200">
                This device
              </Badge>
            )}
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">
            {session.ip ?? 'Unknown network'}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            {session.current ? 'Active now' : `Last active ${formatRelative(session.lastSeenAt)}`}
          </p>
          <p className="mt-0.5 text-[0.8125rem] text-muted-foreground">
            Signed in <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
          </p>
        </div>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="self-start sm:self-center"
          aria-describedby={labelId}
          disabled={end.isPending}
          onClick={() =>
            end.mutate(session.id, {
              onSuccess: () => toast.success('Session ended'),
              onError: (error) => toast.error(serverMessage(error, 'Error ending session')),
            })
          }
        >
          {end.isPending && <Spinner />}
          End session
        </Button>
      )}
    </li>
  );
}

export function SessionsCard() {
  const sessions = useAccountSessions();
  return (
    <Card asChild>
      <section aria-labelledby="sessions-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="sessions-title">Active sessions</h2>
          </CardTitle>
          <CardDescription>
            Where your account is signed in. End any session you don't recognise.
          </CardDescription>
        </CardHeader>
        <div className="p-6">
          {sessions.isPending ? (
            <div className="flex flex-col gap-5">
              <span className="sr-only" role="status">
                Loading sessions
              </span>
              {[0, 1].map((i) => (
                <div key={i} className="flex items-center gap-3.5">
                  <Skeleton className="size-10 rounded-xl" />
                  <div className="flex flex-1 flex-col gap-2">
                    <Skeleton className="h-4 w-40" />
                    <Skeleton className="h-3 w-56" />
                  </div>
                </div>
              ))}
            </div>
          ) : sessions.isError ? (
            <QueryError
              variant="inline"
              error={sessions.error}
              title="Your sessions can't be loaded right now."
              onRetry={() => void sessions.refetch()}
              retrying={sessions.isFetching}
            />
          ) : sessions.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">No active sessions.</p>
          ) : (
            <ul className="divide-y divide-border">
              {[...sessions.data].sort(byRecency).map((session) => (
                <SessionRow key={session.id} session={session} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
