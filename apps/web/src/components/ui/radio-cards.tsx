import type { LucideIcon } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { useId } from 'react';
import { cn } from '@/lib/utils';

export interface RadioCardOption<T extends string> {
  value: T;
  label: string;
  description?: string;
  icon: LucideIcon;
}

interface RadioCardsProps<T extends string> {
  /** The group's accessible name (the visible legend's id). */
  labelledBy: string;
  options: readonly RadioCardOption<T>[];
  value: T;
  onValueChange: (value: T) => void;
  className?: string;
}

/** A radio group drawn as cards: arrow keys move between them, as in any radio group. */
export function RadioCards<T extends string>({
  labelledBy,
  options,
  value,
  onValueChange,
  className,
}: RadioCardsProps<T>) {
  const id = useId();
  return (
    <RadioGroup.Root
      aria-labelledby={labelledBy}
      value={value}
      onValueChange={(next) => {
        const option = options.find((o) => o.value === next);
        if (option) onValueChange(option.value);
      }}
      className={cn('grid grid-cols-3 gap-2', className)}
    >
      {options.map((option) => {
        const Icon = option.icon;
        return (
          <RadioGroup.Item
            key={option.value}
            value={option.value}
            // Named by its label alone; the description is read after it.
            aria-label={option.label}
            aria-describedby={option.description ? `${id}-${option.value}` : undefined}
            className={cn(
              'group relative flex cursor-pointer flex-col items-center gap-1.5 rounded-2xl border border-input bg-background px-2 pt-3.5 pb-3 text-center',
              'transition-[border-color,background-color,box-shadow] duration-150 hover:border-[#c9c9d2]',
              'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              'data-[state=checked]:border-primary data-[state=checked]:bg-brand-soft/60 data-[state=checked]:shadow-[0_0_0_1px_var(--color-primary)]',
            )}
          >
            <span
              className={cn(
                'grid size-9 place-items-center rounded-xl bg-muted text-muted-foreground transition-colors',
                'group-data-[state=checked]:bg-primary group-data-[state=checked]:text-primary-foreground',
              )}
            >
              <Icon className="size-[1.125rem]" aria-hidden="true" />
            </span>
            <span className="text-sm font-semibold" aria-hidden="true">
              {option.label}
            </span>
            {option.description && (
              <span
                id={`${id}-${option.value}`}
                className="text-xs leading-snug text-muted-foreground"
              >
                {option.description}
              </span>
            )}
          </RadioGroup.Item>
        );
      })}
    </RadioGroup.Root>
  );
}
