import { ACCOUNT_DATA_MESSAGES } from '@adreel/domain/account-data-api';
import { AUDIT_MESSAGES, type AuditEntry } from '@adreel/domain/audit-api';
import { FilterX, History, RotateCw, Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { type AuditFilters, EMPTY_AUDIT_FILTERS, useAudit, useAuditFacets } from '../api/get-audit';

/** `video.approve` → "Video approve"; `transaction.mark_paid` → "Transaction mark paid". */
export function actionLabel(action: string): string {
  const words = action.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function targetLabel(type: string): string {
  return type.replace(/[_-]+/g, ' ');
}

function Who({ entry }: { entry: AuditEntry }) {
  if (!entry.actor) return <span className="text-muted-foreground">System</span>;
  if (entry.actor.deleted || !entry.actor.username)
    return (
      <span className="text-muted-foreground italic">{ACCOUNT_DATA_MESSAGES.deletedName}</span>
    );
  return (
    <span className="min-w-0 truncate">
      <span className="font-semibold">@{entry.actor.username}</span>
      {entry.actorRole && (
        <span className="ml-1.5 text-xs text-muted-foreground">({entry.actorRole})</span>
      )}
    </span>
  );
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function detailValue(value: unknown): string {
  if (typeof value === 'string' && ISO_TIME.test(value)) return formatDateTime(value);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function Details({ details }: { details: Record<string, unknown> }) {
  const pairs = Object.entries(details).filter(
    ([, value]) => value !== null && value !== undefined && value !== '',
  );
  if (pairs.length === 0) return null;
  return (
    <p className="mt-1 text-xs break-words text-muted-foreground">
      {pairs.map(([key, value]) => `${key}: ${detailValue(value)}`).join(' · ')}
    </p>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  return (
    <li className="grid gap-1 px-5 py-4 sm:grid-cols-[10rem_1fr_11.5rem] sm:gap-4 sm:px-6">
      <div className="flex min-w-0 items-center text-sm">
        <Who entry={entry} />
      </div>
      <div className="min-w-0">
        <p className="text-sm">
          <span className="font-semibold">{actionLabel(entry.action)}</span>
          {entry.targetType && (
            <span className="text-muted-foreground">
              {' '}
              · {targetLabel(entry.targetType)}{' '}
              {entry.targetId && (
                <code className="rounded bg-muted px-1 py-px text-xs break-all">
                  {entry.targetId}
                </code>
              )}
            </span>
          )}
        </p>
        <Details details={entry.details} />
      </div>
      <time
        dateTime={entry.createdAt}
        title={formatDateTime(entry.createdAt)}
        className="text-xs text-muted-foreground sm:text-right sm:text-sm"
      >
        <span className="sm:block">{formatDateTime(entry.createdAt)}</span>
        <span className="sm:hidden"> · </span>
        <span className="sm:block sm:text-xs">{formatRelative(entry.createdAt)}</span>
      </time>
    </li>
  );
}

function FilterForm({
  value,
  onApply,
}: {
  value: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}) {
  const facets = useAuditFacets();
  const [draft, setDraft] = useState(value);
  const set = (name: keyof AuditFilters) => (next: string) =>
    setDraft((current) => ({ ...current, [name]: next }));
  const filtered = Object.values(value).some((v) => v.trim() !== '');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(draft);
  }

  return (
    <Card asChild>
      <form
        onSubmit={onSubmit}
        aria-label="Filter the audit log"
        className="grid grid-cols-2 gap-3 p-5 sm:gap-4 sm:p-6 lg:grid-cols-[1.2fr_1fr_1fr_0.9fr_0.9fr]"
      >
        <Field label="Who" className="col-span-2 lg:col-span-1">
          {(control) => (
            <Input
              {...control}
              name="actor"
              placeholder="Username"
              autoComplete="off"
              value={draft.actor}
              onChange={(e) => set('actor')(e.target.value)}
            />
          )}
        </Field>
        <Field label="What">
          {(control) => (
            <NativeSelect
              {...control}
              name="action"
              value={draft.action}
              onChange={(e) => set('action')(e.target.value)}
            >
              <option value="">Any action</option>
              {facets.data?.actions.map((action) => (
                <option key={action} value={action}>
                  {actionLabel(action)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="Target">
          {(control) => (
            <NativeSelect
              {...control}
              name="targetType"
              value={draft.targetType}
              onChange={(e) => set('targetType')(e.target.value)}
            >
              <option value="">Any target</option>
              {facets.data?.targetTypes.map((type) => (
                <option key={type} value={type}>
                  {targetLabel(type)}
                </option>
              ))}
            </NativeSelect>
          )}
        </Field>
        <Field label="From">
          {(control) => (
            <Input
              {...control}
              type="date"
              name="from"
              value={draft.from}
              onChange={(e) => set('from')(e.target.value)}
            />
          )}
        </Field>
        <Field label="To">
          {(control) => (
            <Input
              {...control}
              type="date"
              name="to"
              value={draft.to}
              onChange={(e) => set('to')(e.target.value)}
            />
          )}
        </Field>
        <div className="col-span-2 flex flex-wrap justify-end gap-2 lg:col-span-5">
          {filtered && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(EMPTY_AUDIT_FILTERS);
                onApply(EMPTY_AUDIT_FILTERS);
              }}
            >
              <FilterX /> Clear filters
            </Button>
          )}
          <Button type="submit" size="sm">
            <Search /> Apply filters
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** /admin/audit: who did what to which target and when, newest first, filterable (issue 7). */
export function AuditLog() {
  const [filters, setFilters] = useState<AuditFilters>(EMPTY_AUDIT_FILTERS);
  const audit = useAudit(filters);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  const filtered = Object.values(filters).some((value) => value.trim() !== '');

  return (
    <div className="flex flex-col gap-5">
      <FilterForm value={filters} onApply={setFilters} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {audit.isSuccess &&
            `${entries.length}${audit.hasNextPage ? '+' : ''} ${entries.length === 1 ? 'entry' : 'entries'}, newest first`}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void audit.refetch()}
          disabled={audit.isFetching}
        >
          <RotateCw className={audit.isFetching ? 'animate-spin' : undefined} /> Refresh
        </Button>
      </div>
      <Card className="overflow-hidden">
        {audit.isPending ? (
          <div className="flex flex-col divide-y divide-border">
            <span className="sr-only" role="status">
              Loading the audit log
            </span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex flex-col gap-2 px-6 py-4">
                <Skeleton className="h-4 w-72 max-w-full" />
                <Skeleton className="h-3 w-40" />
              </div>
            ))}
          </div>
        ) : audit.isError ? (
          <QueryError
            error={audit.error}
            title={serverMessage(audit.error, AUDIT_MESSAGES.loadFailed)}
            className="m-6"
            onRetry={() => void audit.refetch()}
            retrying={audit.isFetching}
          />
        ) : entries.length === 0 ? (
          <StateMessage
            icon={History}
            title={filtered ? AUDIT_MESSAGES.empty : 'Nothing recorded yet'}
            description="Approvals, rejections, featuring, report outcomes, invites, whitelist changes, payouts and account deletions are recorded here."
            className="m-6"
          />
        ) : (
          <>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[10rem_1fr_11.5rem] gap-4 border-b border-border bg-muted/50 px-6 py-2.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase sm:grid"
            >
              <span>Who</span>
              <span>What and target</span>
              <span className="text-right">When</span>
            </div>
            <ul className="divide-y divide-border" aria-label="Audit log entries">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ul>
          </>
        )}
      </Card>
      {audit.hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => void audit.fetchNextPage()}
            disabled={audit.isFetchingNextPage}
          >
            {audit.isFetchingNextPage && <Spinner />} Load older entries
          </Button>
        </div>
      )}
    </div>
  );
}
