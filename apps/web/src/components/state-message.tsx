import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorReference } from '@/components/error-reference';
import { cn } from '@/lib/utils';

/**
 * The empty or failed state of a list: an icon, one line of what happened, and what to do. Given the
 * failure (`error`), a 5xx or unexpected answer adds a small "Reference: <request id>" line to quote.
 */
export function StateMessage({
  icon: Icon,
  title,
  description,
  action,
  tone = 'default',
  error,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'default' | 'error';
  /** The failure shown (a query's error): its request id when it is a server error. */
  error?: unknown;
  className?: string;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className={cn(
        'flex flex-col items-center rounded-2xl border border-dashed border-border px-6 py-10 text-center',
        className,
      )}
    >
      <span
        className={cn(
          'grid size-11 place-items-center rounded-2xl',
          tone === 'error' ? 'bg-red-50 text-destructive' : 'bg-muted text-muted-foreground',
        )}
      >
        <Icon className="size-5" aria-hidden="true" />
      </span>
      <p className="mt-3 font-semibold">{title}</p>
      {description && (
        <p className="mt-1 max-w-sm text-pretty text-sm text-muted-foreground">{description}</p>
      )}
      {error !== undefined && <ErrorReference error={error} className="mt-2" />}
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
