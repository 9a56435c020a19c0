import { WHITELIST_TOASTS, type WhitelistEntry } from '@adreel/domain';
import { ListChecks, Search, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { UNDO_TOAST_MS } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { serverMessage } from '@/lib/error-message';
import { formatDate } from '@/lib/format-time';
import { cn } from '@/lib/utils';
import { useAddWhitelistEntry } from '../api/add-whitelist-entry';
import { useWhitelist } from '../api/get-whitelist';
import { useRemoveWhitelistEntry } from '../api/remove-whitelist-entry';

const ROLE_LABEL = { admin: 'Admin', brand: 'Brand', creator: 'Creator', viewer: 'Viewer' };
/** From this many entries a search box helps more than it clutters. */
const SEARCH_FROM = 6;

function EntryRow({
  entry,
  onUndo,
}: {
  entry: WhitelistEntry;
  onUndo: (entry: WhitelistEntry) => void;
}) {
  const remove = useRemoveWhitelistEntry();
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium" title={entry.email}>
          {entry.email}
        </p>
        <p className="mt-0.5 flex items-center gap-2 text-[0.8125rem] text-muted-foreground">
          <span
            className={cn(
              'rounded-full px-2 py-px text-xs font-semibold',
              entry.roleAllowed === 'admin' ? 'bg-ink text-white' : 'bg-muted text-foreground',
            )}
          >
            {ROLE_LABEL[entry.roleAllowed]}
          </span>
          Added {formatDate(entry.createdAt)}
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-muted-foreground hover:bg-red-50 hover:text-destructive"
        aria-label={`Remove ${entry.email} from whitelist`}
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(entry.id, {
            // Issue 18: a few seconds to put the address back, as it was.
            onSuccess: () =>
              toast.success('Removed from whitelist', {
                description: entry.email,
                duration: UNDO_TOAST_MS,
                action: { label: 'Undo', onClick: () => onUndo(entry) },
              }),
            onError: () => toast.error('Error removing from whitelist'),
          })
        }
      >
        <Trash2 />
      </Button>
    </li>
  );
}

export function WhitelistEntries() {
  const whitelist = useWhitelist();
  // Here, not in the row: the row is gone by the time Undo is pressed.
  const add = useAddWhitelistEntry();
  const undo = (entry: WhitelistEntry) =>
    add.mutate(
      { email: entry.email, role: entry.roleAllowed },
      {
        onSuccess: () => toast.success(WHITELIST_TOASTS.added),
        onError: (error) => toast.error(serverMessage(error, WHITELIST_TOASTS.addFailed)),
      },
    );
  const [search, setSearch] = useState('');

  useEffect(() => {
    if (whitelist.isError) toast.error('Error loading whitelist');
  }, [whitelist.isError]);

  const entries = whitelist.data
    ? [...whitelist.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    : [];
  const needle = search.trim().toLowerCase();
  const shown = needle ? entries.filter((e) => e.email.includes(needle)) : entries;

  return (
    <Card asChild>
      <section aria-labelledby="whitelist-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="whitelist-title">
              Whitelist
              {whitelist.isSuccess && (
                <span className="ml-2 text-base font-semibold text-muted-foreground tabular-nums">
                  {entries.length}
                </span>
              )}
            </h2>
          </CardTitle>
          <CardDescription>Emails that may sign up, and the role each one gets.</CardDescription>
        </CardHeader>
        <div className="p-6">
          {whitelist.isPending ? (
            <div className="flex flex-col gap-4">
              <span className="sr-only" role="status">
                Loading whitelist
              </span>
              {[0, 1, 2].map((i) => (
                <div key={i} className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-52" />
                  <Skeleton className="h-3 w-32" />
                </div>
              ))}
            </div>
          ) : whitelist.isError ? (
            <QueryError
              error={whitelist.error}
              title="The whitelist can't be loaded right now"
              onRetry={() => void whitelist.refetch()}
              retrying={whitelist.isFetching}
            />
          ) : entries.length === 0 ? (
            <StateMessage
              icon={ListChecks}
              title="Nobody is whitelisted yet"
              description="Add an email, or approve a pending access request."
            />
          ) : (
            <>
              {entries.length >= SEARCH_FROM && (
                <div className="relative mb-4">
                  <Search
                    className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-muted-foreground"
                    aria-hidden="true"
                  />
                  <Input
                    type="search"
                    aria-label="Search the whitelist"
                    placeholder="Search emails"
                    className="h-10 pl-10"
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                  />
                </div>
              )}
              {shown.length === 0 ? (
                <p className="py-4 text-center text-sm text-muted-foreground">
                  No whitelisted email matches “{search.trim()}”.
                </p>
              ) : (
                <ul className="divide-y divide-border">
                  {shown.map((entry) => (
                    <EntryRow key={entry.id} entry={entry} onUndo={undo} />
                  ))}
                </ul>
              )}
            </>
          )}
        </div>
      </section>
    </Card>
  );
}
