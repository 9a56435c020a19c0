import { DIGEST_MESSAGES } from '@adreel/domain/digest-api';
import { Mail } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useDigestPreference, useSetDigestPreference } from '../api/digest-preference';

/** /account: the weekly digest on or off (the same switch as the mail's unsubscribe link). */
export function DigestPreferenceCard() {
  const preference = useDigestPreference();
  const save = useSetDigestPreference();
  const id = useId();
  // The box shows a change in the same frame as the click, while it is saved (a controlled
  // checkbox otherwise snaps back until the mutation's own optimistic update lands).
  const [changing, setChanging] = useState<boolean | null>(null);
  const subscribed = changing ?? preference.data?.subscribed;

  function change(next: boolean) {
    setChanging(next);
    save.mutate(
      { subscribed: next },
      {
        onSettled: () => setChanging(null),
        onSuccess: () =>
          toast.success(next ? DIGEST_MESSAGES.subscribed : DIGEST_MESSAGES.unsubscribed),
        onError: (error) => toast.error(serverMessage(error, DIGEST_MESSAGES.preferenceFailed)),
      },
    );
  }

  return (
    <Card asChild>
      <section aria-labelledby="digest-title">
        <CardHeader>
          <CardTitle asChild>
            <h2 id="digest-title">Weekly digest</h2>
          </CardTitle>
          <CardDescription>
            Every Monday: the week's top videos, open campaigns and, for creators, your own views,
            likes and earnings.
          </CardDescription>
        </CardHeader>
        <div className="p-6 pt-4">
          {preference.isPending ? (
            <Skeleton className="h-11 w-full rounded-2xl" />
          ) : preference.isError ? (
            <QueryError
              variant="inline"
              error={preference.error}
              title="Your digest preference could not be loaded."
              onRetry={() => void preference.refetch()}
              retrying={preference.isFetching}
            />
          ) : (
            <label
              htmlFor={id}
              className="flex cursor-pointer items-center gap-3 rounded-2xl border border-border px-4 py-3"
            >
              <Mail className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <span className="min-w-0 flex-1 text-sm font-semibold">
                Email me the weekly digest
              </span>
              {save.isPending && <Spinner />}
              <input
                id={id}
                type="checkbox"
                className="size-5 shrink-0 cursor-pointer accent-primary"
                checked={subscribed ?? true}
                disabled={save.isPending}
                onChange={(event) => change(event.target.checked)}
              />
            </label>
          )}
        </div>
      </section>
    </Card>
  );
}
