import type { Ref } from 'react';
import type { FieldControlProps } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** The six digits an authenticator app shows; anything else typed or pasted is dropped. */
export function CodeInput({
  control,
  value,
  onChange,
  ref,
  autoFocus,
}: {
  control: FieldControlProps;
  value: string;
  onChange: (code: string) => void;
  ref?: Ref<HTMLInputElement>;
  autoFocus?: boolean;
}) {
  return (
    <Input
      {...control}
      ref={ref}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      autoFocus={autoFocus}
      placeholder="000000"
      className="h-14 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] placeholder:text-muted-foreground/40"
      value={value}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
    />
  );
}
