import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** The empty or failed state of a list: an icon, one line of what happened, and what to do. */
export function StateMessage({
  icon: Icon,
  title,
  description,
  action,
  tone = 'default',
  className,
}: {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  tone?: 'default' | 'error';
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
      {action && <div className="mt-4">{action}</div>}
    </div>
  );
}
