import { AlertTriangle, type LucideIcon, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { ErrorReference } from '@/components/error-reference';
import { StateMessage } from '@/components/state-message';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * The part of a TanStack Query result a screen's states read: a useQuery or useInfiniteQuery result
 * fits as it is.
 */
export interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

export interface QueryErrorProps {
  /** The failure (a query's error): the server's request id is shown under a 5xx to quote. */
  error: unknown;
  /** What failed, in docs/product.md §8's words; given the error, e.g. to prefer the server's own message. */
  title: string | ((error: unknown) => string);
  description?: ReactNode;
  icon?: LucideIcon;
  onRetry: () => void;
  /** The retry is under way: the button waits and its icon turns. */
  retrying?: boolean;
  /**
   * `block` (default): the dashed panel of a list or a page. `inline`: one line and the button, for
   * a card whose content is a line or two (account cards, the beta count).
   */
  variant?: 'block' | 'inline';
  className?: string;
}

/** The "Try again" of every failed load. */
function RetryButton({
  onRetry,
  retrying = false,
  size,
}: {
  onRetry: () => void;
  retrying?: boolean | undefined;
  size?: 'sm';
}) {
  return (
    <Button variant="outline" size={size} onClick={onRetry} disabled={retrying}>
      <RotateCw className={cn(retrying && 'animate-spin')} /> Try again
    </Button>
  );
}

/** A load that failed: what failed, a reference to quote when the server broke, and Try again. */
export function QueryError({
  error,
  title,
  description,
  icon = AlertTriangle,
  onRetry,
  retrying,
  variant = 'block',
  className,
}: QueryErrorProps) {
  const text = typeof title === 'function' ? title(error) : title;
  if (variant === 'inline') {
    return (
      <div role="alert" className={cn('flex flex-col gap-2', className)}>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">{text}</p>
          <RetryButton onRetry={onRetry} retrying={retrying} size="sm" />
        </div>
        {description && <p className="text-sm text-muted-foreground">{description}</p>}
        <ErrorReference error={error} />
      </div>
    );
  }
  return (
    <StateMessage
      tone="error"
      error={error}
      icon={icon}
      title={text}
      description={description}
      className={className}
      action={<RetryButton onRetry={onRetry} retrying={retrying} />}
    />
  );
}

/**
 * A query's three states before its content: `loading` while it is pending, the failure with Try
 * again (QueryError, given `error`'s texts), and `empty` when `isEmpty` says the answer holds
 * nothing; then `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  error,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  loading: ReactNode;
  error: Omit<QueryErrorProps, 'error' | 'onRetry' | 'retrying'>;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return loading;
  if (query.isError || query.data === undefined) {
    return (
      <QueryError
        {...error}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (isEmpty?.(query.data)) return empty;
  return children(query.data);
}
