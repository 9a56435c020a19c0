import type { AccessRequest } from '@adreel/domain';
import { COMMON_TEXTS } from '@adreel/domain';
import { Check, Inbox } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { useDeclineAccessRequest } from '../api/decline-access-request';
import { useAccessRequests } from '../api/get-access-requests';

const ROLE_LABEL = { brand: 'Brand', creator: 'Creator', viewer: 'Viewer' };

function RequestRow({
  request,
  approving,
  onApprove,
}: {
  request: AccessRequest;
  approving: boolean;
  onApprove: (request: AccessRequest) => void;
}) {
  const decline = useDeclineAccessRequest();
  const [declining, setDeclining] = useState(false);
  const nameId = `request-${request.id}`;
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span id={nameId} className="min-w-0 font-semibold wrap-anywhere">
              {request.name}
            </span>
            <span className="rounded-full bg-muted px-2 py-px text-xs font-semibold">
              {ROLE_LABEL[request.role]}
            </span>
          </p>
          <p className="mt-0.5 truncate text-sm text-muted-foreground" title={request.email}>
            {request.email}
          </p>
        </div>
        <time
          dateTime={request.createdAt}
          title={formatDateTime(request.createdAt)}
          className="shrink-0 text-xs text-muted-foreground"
        >
          {formatRelative(request.createdAt)}
        </time>
      </div>
      {request.notes && (
        <p className="line-clamp-3 rounded-xl bg-muted px-3.5 py-2.5 text-sm whitespace-pre-line wrap-anywhere text-foreground/85">
          {request.notes}
        </p>
      )}
      <div className="flex gap-2">
        <Button
          size="sm"
          variant={approving ? 'ink' : 'default'}
          aria-describedby={nameId}
          aria-pressed={approving}
          onClick={() => onApprove(request)}
        >
          <Check /> Approve
        </Button>
        <Button
          size="sm"
          variant="ghost"
          aria-describedby={nameId}
          disabled={decline.isPending}
          onClick={() => setDeclining(true)}
        >
          {decline.isPending && <Spinner />}
          Decline
        </Button>
      </div>
      <ConfirmDialog
        open={declining}
        title={`Decline ${request.name}’s request?`}
        description={
          <p>
            {request.email} is not added to the whitelist and is not emailed. A declined request
            cannot be approved afterwards.
          </p>
        }
        confirmLabel="Decline request"
        destructive
        pending={decline.isPending}
        onCancel={() => setDeclining(false)}
        onConfirm={() =>
          // mutateAsync: the row leaves the pending list as it refreshes, and the toast must still show.
          decline.mutateAsync(request.id).then(
            () => {
              setDeclining(false);
              toast.success('Request declined');
            },
            (error: unknown) => toast.error(serverMessage(error, 'Error declining request')),
          )
        }
      />
    </li>
  );
}

export function AccessRequestsList({
  approvingId,
  onApprove,
}: {
  approvingId?: string;
  onApprove: (request: AccessRequest) => void;
}) {
  const requests = useAccessRequests();

  useEffect(() => {
    if (requests.isError) toast.error('Error loading access requests');
  }, [requests.isError]);

  const pending = requests.data
    ? requests.data
        .filter((r) => r.status === 'pending')
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    : [];

  return (
    <Card asChild>
      <section aria-labelledby="requests-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="requests-title">
              Pending access requests
              {requests.isSuccess && pending.length > 0 && (
                <span className="ml-2 inline-grid h-6 min-w-6 place-items-center rounded-full bg-primary px-1.5 align-[0.15em] text-xs font-bold text-primary-foreground tabular-nums">
                  {pending.length}
                </span>
              )}
            </h2>
          </CardTitle>
          <CardDescription>
            Approve fills the form with the requester's email and role.
          </CardDescription>
        </CardHeader>
        <div className="p-6">
          {requests.isPending ? (
            <div className="flex flex-col gap-4">
              <span className="sr-only" role="status">
                Loading access requests
              </span>
              {[0, 1].map((i) => (
                <div key={i} className="flex flex-col gap-2">
                  <Skeleton className="h-4 w-40" />
                  <Skeleton className="h-3 w-56" />
                  <Skeleton className="h-8 w-44 rounded-full" />
                </div>
              ))}
            </div>
          ) : requests.isError ? (
            <QueryError
              error={requests.error}
              title="Access requests can't be loaded right now"
              onRetry={() => void requests.refetch()}
              retrying={requests.isFetching}
            />
          ) : pending.length === 0 ? (
            <StateMessage
              icon={Inbox}
              title={COMMON_TEXTS.allCaughtUp}
              description="New requests from the join page appear here."
            />
          ) : (
            <ul className="divide-y divide-border">
              {pending.map((request) => (
                <RequestRow
                  key={request.id}
                  request={request}
                  approving={approvingId === request.id}
                  onApprove={onApprove}
                />
              ))}
            </ul>
          )}
        </div>
      </section>
    </Card>
  );
}
