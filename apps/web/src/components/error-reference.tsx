import { errorReferenceLine } from '@adreel/domain';
import { errorReference } from '@/lib/error-message';
import { cn } from '@/lib/utils';

/**
 * "Reference: <request id>" under a server failure the user cannot act on (5xx, no server message),
 * small and muted, the id selected with one click or tap, so it can be quoted to support; nothing
 * for any other error.
 */
export function ErrorReference({ error, className }: { error: unknown; className?: string }) {
  const id = errorReference(error);
  if (!id) return null;
  const [label] = errorReferenceLine(id).split(id);
  return (
    <p className={cn('text-xs text-muted-foreground', className)}>
      {label}
      <span className="inline-block max-w-full select-all font-mono wrap-anywhere">{id}</span>
    </p>
  );
}
