import { Label } from 'radix-ui';
import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/utils';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  label: ReactNode;
  /** Shown beside the label, e.g. "Optional" or a link. */
  aside?: ReactNode;
  hint?: ReactNode;
  /** The field's validation message; marks the control invalid and is read with it. */
  error?: string | null;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** A label, its control, a hint and an error, wired together for assistive technology. */
export function Field({ label, aside, hint, error, className, children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label.Root htmlFor={id} className="text-sm font-semibold text-foreground">
          {label}
        </Label.Root>
        {aside && <span className="text-sm text-muted-foreground">{aside}</span>}
      </div>
      {children({
        id,
        'aria-describedby': describedBy || undefined,
        'aria-invalid': error ? true : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="text-[0.8125rem] text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}
