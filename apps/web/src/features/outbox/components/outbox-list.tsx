import {
  countNewestFirst,
  OUTBOX_TEXTS,
  type OutboxList as OutboxListData,
  type OutboxMail,
} from '@adreel/domain';
import { ChevronRight, Eye, Inbox, LockKeyhole, Mail, RotateCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { QueryError } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatRelative } from '@/lib/format-time';
import { useOutbox } from '../api/get-outbox';

/** `access_approved` → "Access approved". */
function kindLabel(kind: string): string {
  const words = kind.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function MailDialog({ mail, onClose }: { mail: OutboxMail | null; onClose: () => void }) {
  return (
    <Dialog open={mail !== null} onOpenChange={(open) => !open && onClose()}>
      {mail && (
        <DialogContent>
          <div className="border-b border-border px-6 pt-6 pb-5 pr-16">
            <p className="text-eyebrow uppercase text-primary">{kindLabel(mail.kind)}</p>
            <DialogTitle className="mt-2 text-xl font-bold tracking-tight text-balance">
              {mail.subject}
            </DialogTitle>
            <DialogDescription asChild>
              <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-muted-foreground">To</dt>
                <dd className="font-medium break-all">{mail.toAddress}</dd>
                <dt className="text-muted-foreground">Written</dt>
                <dd>{formatDateTime(mail.createdAt)}</dd>
                <dt className="text-muted-foreground">Sent</dt>
                <dd>{mail.sentAt ? formatDateTime(mail.sentAt) : 'Kept in the outbox'}</dd>
              </dl>
            </DialogDescription>
          </div>
          {mail.bodyHidden ? (
            <p className="m-6 flex gap-3 rounded-2xl bg-muted px-4 py-3 text-sm text-muted-foreground">
              <LockKeyhole className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {mail.textBody}
            </p>
          ) : (
            /* Plain text only: a mail's HTML is never rendered in the app. */
            <pre className="min-h-0 flex-1 overflow-auto px-6 py-5 font-sans text-[0.9375rem] leading-relaxed break-words whitespace-pre-wrap">
              {mail.textBody}
            </pre>
          )}
        </DialogContent>
      )}
    </Dialog>
  );
}

/** Whether this server shows links and codes here, and why (decision 024). */
function SecretsNotice({ list }: { list: OutboxListData }) {
  const text = list.secretsShown
    ? OUTBOX_TEXTS.bannerShown
    : list.delivery === 'smtp'
      ? OUTBOX_TEXTS.bannerHiddenSmtp
      : OUTBOX_TEXTS.bannerHiddenNoSmtp;
  const Icon = list.secretsShown ? Eye : LockKeyhole;
  return (
    <div
      role="note"
      className={
        list.secretsShown
          ? 'flex gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200'
          : 'flex gap-3 rounded-2xl bg-muted px-4 py-3 text-sm text-muted-foreground'
      }
    >
      <Icon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

export function OutboxList() {
  const outbox = useOutbox();
  const [open, setOpen] = useState<OutboxMail | null>(null);

  useEffect(() => {
    if (outbox.isError) toast.error('Error loading outbox');
  }, [outbox.isError]);

  const mails = outbox.data
    ? [...outbox.data.mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    : [];

  return (
    <>
      {outbox.data && <SecretsNotice list={outbox.data} />}
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {outbox.isSuccess && countNewestFirst(mails.length, 'mail', 'mails')}
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void outbox.refetch()}
          disabled={outbox.isFetching}
        >
          <RotateCw className={outbox.isFetching ? 'animate-spin' : undefined} /> Refresh
        </Button>
      </div>
      <Card className="overflow-hidden">
        {outbox.isPending ? (
          <div className="flex flex-col divide-y divide-border">
            <span className="sr-only" role="status">
              Loading outbox
            </span>
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="flex flex-col gap-2 px-6 py-4">
                <Skeleton className="h-4 w-64 max-w-full" />
                <Skeleton className="h-3 w-40" />
              </div>
            ))}
          </div>
        ) : outbox.isError ? (
          <QueryError
            error={outbox.error}
            title="The outbox can't be loaded right now"
            className="m-6"
            onRetry={() => void outbox.refetch()}
            retrying={outbox.isFetching}
          />
        ) : mails.length === 0 ? (
          <StateMessage
            icon={Inbox}
            title="No mail yet"
            description="Mail the app sends (verification links, password resets, approvals) shows up here."
            className="m-6"
          />
        ) : (
          <ul className="divide-y divide-border">
            {mails.map((mail) => (
              <li key={mail.id}>
                <button
                  type="button"
                  onClick={() => setOpen(mail)}
                  className="group flex w-full cursor-pointer items-center gap-4 px-5 py-4 text-left transition-colors hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring sm:px-6"
                >
                  <span className="hidden size-10 shrink-0 place-items-center rounded-xl bg-muted text-muted-foreground sm:grid">
                    <Mail className="size-[1.125rem]" aria-hidden="true" />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="flex items-baseline justify-between gap-3">
                      <span className="truncate font-semibold">{mail.subject}</span>
                      <time
                        dateTime={mail.createdAt}
                        title={formatDateTime(mail.createdAt)}
                        className="shrink-0 text-xs text-muted-foreground"
                      >
                        {formatRelative(mail.createdAt)}
                      </time>
                    </span>
                    <span className="mt-0.5 flex items-center gap-2 text-sm text-muted-foreground">
                      <span className="truncate">To {mail.toAddress}</span>
                      <span className="hidden shrink-0 rounded-full bg-muted px-2 py-px text-xs font-medium sm:inline">
                        {kindLabel(mail.kind)}
                      </span>
                      {mail.bodyHidden && (
                        <span className="inline-flex shrink-0 items-center gap-1 text-xs">
                          <LockKeyhole className="size-3" aria-hidden="true" /> Body hidden
                        </span>
                      )}
                    </span>
                  </span>
                  <ChevronRight
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                    aria-hidden="true"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <MailDialog mail={open} onClose={() => setOpen(null)} />
    </>
  );
}
