import type { Invite } from '@adreel/domain';
import { Copy, Ticket, TicketX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatRelative } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useInvites } from '../api/get-invites';

type Filter = 'All' | Invite['status'];
const FILTERS: Filter[] = ['All', 'Active', 'Used', 'Expired'];
const ROLE_LABEL = { creator: 'Creator', brand: 'Brand', viewer: 'Viewer' };

const STATUS_CLASS: Record<Invite['status'], string> = {
  Active: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Used: 'bg-muted text-foreground ring-border',
  Expired: 'bg-background text-muted-foreground ring-border',
};

function StatusBadge({ status }: { status: Invite['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1',
        STATUS_CLASS[status],
      )}
    >
      <span
        className={cn(
          'size-1.5 rounded-full',
          status === 'Active' ? 'bg-emerald-500' : 'bg-muted-foreground/50',
        )}
        aria-hidden="true"
      />
      {status}
    </span>
  );
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast.success('Code copied to clipboard!');
  } catch {
    toast.error("Couldn't copy the code. Select it and copy it by hand.");
  }
}

function CopyButton({ code }: { code: string }) {
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={`Copy code ${code}`}
      onClick={() => void copyCode(code)}
    >
      <Copy />
    </Button>
  );
}

function expiryText(invite: Invite): string {
  if (invite.status === 'Used')
    return invite.usedAt ? `Used ${formatRelative(invite.usedAt)}` : 'Used';
  const when = formatRelative(invite.expiresAt);
  return invite.status === 'Expired' ? `Expired ${when}` : `Expires ${when}`;
}

export function InviteList({ freshIds = [] }: { freshIds?: readonly string[] }) {
  const invites = useInvites();
  const [filter, setFilter] = useState<Filter>('All');

  useEffect(() => {
    if (invites.isError) toast.error('Error loading invites');
  }, [invites.isError]);

  const all = invites.data
    ? [...invites.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    : [];
  const counts = Object.fromEntries(
    FILTERS.map((f) => [f, f === 'All' ? all.length : all.filter((i) => i.status === f).length]),
  ) as Record<Filter, number>;
  const shown = filter === 'All' ? all : all.filter((invite) => invite.status === filter);

  return (
    <Card asChild>
      <section aria-labelledby="invites-title">
        <CardHeader className="sm:flex-row sm:items-end sm:justify-between">
          <div className="flex flex-col gap-1.5">
            <CardTitle asChild>
              <h2 id="invites-title">Invites</h2>
            </CardTitle>
            <CardDescription>Newest first.</CardDescription>
          </div>
          {invites.isSuccess && all.length > 0 && (
            <fieldset className="-mx-1 flex min-w-0 gap-1 overflow-x-auto px-1 pt-3 sm:pt-0">
              <legend className="sr-only">Show invites</legend>
              {FILTERS.map((f) => (
                <button
                  key={f}
                  type="button"
                  aria-pressed={filter === f}
                  onClick={() => setFilter(f)}
                  className={cn(
                    'h-8 shrink-0 cursor-pointer rounded-full px-3 text-[0.8125rem] font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-ring',
                    filter === f
                      ? 'bg-ink text-white'
                      : 'bg-muted text-muted-foreground hover:text-foreground',
                  )}
                >
                  {f} <span className="tabular-nums opacity-70">{counts[f]}</span>
                </button>
              ))}
            </fieldset>
          )}
        </CardHeader>
        <div className="p-6">
          {invites.isPending ? (
            <div className="flex flex-col gap-3">
              <span className="sr-only" role="status">
                Loading invites
              </span>
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} className="h-14 rounded-xl" />
              ))}
            </div>
          ) : invites.isError ? (
            <QueryError
              error={invites.error}
              icon={TicketX}
              title="Invites can't be loaded right now"
              onRetry={() => void invites.refetch()}
              retrying={invites.isFetching}
            />
          ) : all.length === 0 ? (
            <StateMessage
              icon={Ticket}
              title="No invites yet"
              description="Generate the first codes above and share them with the people you want in the beta."
            />
          ) : shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">
              No {filter.toLowerCase()} invites.
            </p>
          ) : (
            <>
              {/* Phones: one card per invite. */}
              <ul className="flex flex-col gap-2 md:hidden">
                {shown.map((invite) => (
                  <li
                    key={invite.id}
                    className={cn(
                      'rounded-2xl border border-border p-4',
                      freshIds.includes(invite.id) && 'border-primary/30 bg-brand-soft/50',
                    )}
                  >
                    <div className="flex items-center justify-between gap-2">
                      <span className="font-mono text-lg font-semibold tracking-[0.14em]">
                        {invite.code}
                      </span>
                      <CopyButton code={invite.code} />
                    </div>
                    <div className="mt-2 flex flex-wrap items-center gap-2 text-sm">
                      <StatusBadge status={invite.status} />
                      <span className="font-medium">{ROLE_LABEL[invite.role]}</span>
                      {freshIds.includes(invite.id) && (
                        <span className="text-xs font-semibold text-primary">New</span>
                      )}
                    </div>
                    <p className="mt-2 text-[0.8125rem] text-muted-foreground">
                      {expiryText(invite)}
                      {invite.usedByUsername && ` by @${invite.usedByUsername}`}
                    </p>
                  </li>
                ))}
              </ul>
              {/* Wider screens: a table. */}
              <div className="-mx-6 hidden overflow-x-auto md:block">
                <table className="w-full text-left text-sm">
                  <thead>
                    <tr className="border-b border-border text-xs text-muted-foreground">
                      <th scope="col" className="px-6 pb-3 font-medium">
                        Code
                      </th>
                      <th scope="col" className="px-3 pb-3 font-medium">
                        Role
                      </th>
                      <th scope="col" className="px-3 pb-3 font-medium">
                        Status
                      </th>
                      <th scope="col" className="px-3 pb-3 font-medium">
                        Expiry
                      </th>
                      <th scope="col" className="px-3 pb-3 font-medium">
                        Used by
                      </th>
                      <th scope="col" className="px-6 pb-3 text-right font-medium">
                        Created
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {shown.map((invite) => (
                      <tr
                        key={invite.id}
                        className={cn(freshIds.includes(invite.id) && 'bg-brand-soft/50')}
                      >
                        <td className="py-2.5 pr-3 pl-6">
                          <span className="inline-flex items-center gap-1">
                            <span className="font-mono font-semibold tracking-[0.14em]">
                              {invite.code}
                            </span>
                            <CopyButton code={invite.code} />
                            {freshIds.includes(invite.id) && (
                              <span className="text-xs font-semibold text-primary">New</span>
                            )}
                          </span>
                        </td>
                        <td className="px-3 py-2.5">{ROLE_LABEL[invite.role]}</td>
                        <td className="px-3 py-2.5">
                          <StatusBadge status={invite.status} />
                        </td>
                        <td className="px-3 py-2.5 text-muted-foreground">
                          {invite.status === 'Used' ? '—' : expiryText(invite)}
                        </td>
                        <td className="px-3 py-2.5">
                          {invite.isUsed ? (
                            <span className="flex flex-col">
                              <span>
                                {invite.usedByUsername ? `@${invite.usedByUsername}` : 'Someone'}
                              </span>
                              {invite.usedAt && (
                                <span className="text-xs text-muted-foreground">
                                  {formatRelative(invite.usedAt)}
                                </span>
                              )}
                            </span>
                          ) : (
                            <span className="text-muted-foreground">—</span>
                          )}
                        </td>
                        <td className="px-6 py-2.5 text-right whitespace-nowrap text-muted-foreground">
                          {formatDate(invite.createdAt)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </>
          )}
        </div>
      </section>
    </Card>
  );
}
