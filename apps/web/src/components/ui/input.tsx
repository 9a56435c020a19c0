import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

export const controlClass = cn(
  'w-full min-w-0 rounded-xl border border-input bg-background px-3.5 text-[0.9375rem] text-foreground shadow-[0_1px_0_rgb(10_10_15/0.03)]',
  'transition-[border-color,box-shadow] duration-150 placeholder:text-muted-foreground/70',
  'hover:border-[#c9c9d2] focus-visible:border-primary focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-primary/12',
  'disabled:cursor-not-allowed disabled:bg-muted disabled:opacity-70',
  'aria-invalid:border-destructive aria-invalid:focus-visible:ring-destructive/12',
);

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input data-slot="input" className={cn(controlClass, 'h-11', className)} {...props} />;
}
