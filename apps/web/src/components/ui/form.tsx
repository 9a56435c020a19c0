/**
 * Forms on react-hook-form with the zod schemas of packages/domain (decision 041), in the shape of
 * shadcn/ui's Form: `useZodForm` checks the whole form against the schema the server checks too,
 * `Form` submits it, `FormField` shows each field's own message at the field (every invalid field,
 * not only the first), and the first invalid field takes the focus.
 */
import { FALLBACK_VALIDATION_MESSAGE } from '@adreel/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import {
  type Control,
  type ControllerRenderProps,
  type FieldError,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useController,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { Field, type FieldControlProps } from './field';

interface ZodFormOptions<TValues extends FieldValues, TOutput>
  extends Omit<UseFormProps<TValues, unknown, TOutput>, 'resolver'> {
  /**
   * The form's values as the schema reads them, where the two differ: an optional field left
   * empty is left out rather than sent as "".
   */
  prepare?: (values: TValues) => unknown;
  /**
   * Where a schema's message belongs on the form, when the schema names the field otherwise (the
   * campaign API's budgetTotalCents is the form's budgetTotal). A message about the whole form
   * (an empty path) is at FORM_ERROR.
   */
  fields?: Readonly<Record<string, string>>;
}

type ResolvedErrors = Record<string, FieldError | undefined>;

/**
 * Where a schema's message about no one field goes. Not react-hook-form's `root`: that one is for
 * the server's answers, and handleSubmit clears it before it decides whether the form is valid.
 */
const FORM_ERROR = '_form';

/** The message about the whole form, if the schema gave one (see FORM_ERROR). */
export function formMessage<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
): string | null {
  return fieldMessage((form.formState.errors as ResolvedErrors)[FORM_ERROR]);
}

/** The first message inside a nested error (a list's item, an object's field). */
function firstMessage(error: unknown): FieldError | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { message, type } = error as Partial<FieldError>;
  if (typeof message === 'string') return { type: type ?? 'validate', message };
  for (const [key, nested] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(nested);
    if (found) return found;
  }
  return undefined;
}

/**
 * Each message at the form's field: schema paths mapped by `fields`, a list's messages at the list's
 * field (the first), the whole form's at FORM_ERROR.
 */
function atFormFields(errors: ResolvedErrors, fields: Readonly<Record<string, string>> = {}) {
  const mapped: ResolvedErrors = {};
  for (const [key, error] of Object.entries(errors)) {
    const field = fields[key] ?? (key === '' ? FORM_ERROR : key);
    if (mapped[field]) continue;
    mapped[field] = firstMessage(error);
  }
  return mapped;
}

/**
 * A form checked by `schema` on submit (docs/product.md §5: each field's message from the schema,
 * else "Invalid input"), then again as the user corrects a field. The submit handler gets the
 * schema's output (trimmed, upper-cased, …), the same the server parses.
 */
export function useZodForm<TValues extends FieldValues, TOutput = TValues>(
  schema: z.ZodType<TOutput>,
  { prepare, fields, ...options }: ZodFormOptions<TValues, TOutput> = {},
): UseFormReturn<TValues, unknown, TOutput> {
  // The resolver's types follow the schema's input; the form's values are TValues (strings as
  // typed), which `prepare` maps to what the schema reads.
  const resolve = zodResolver(schema as never) as unknown as Resolver<TValues, unknown, TOutput>;
  return useForm<TValues, unknown, TOutput>({
    shouldFocusError: true,
    ...options,
    resolver: async (values, context, resolverOptions) => {
      const result = await resolve(
        (prepare ? prepare(values) : values) as TValues,
        context,
        resolverOptions,
      );
      if (Object.keys(result.errors).length === 0) return result;
      return { values: {}, errors: atFormFields(result.errors as ResolvedErrors, fields) as never };
    },
  });
}

/** A <form> that submits through react-hook-form: checked first, the browser's own checks off. */
export function Form<TValues extends FieldValues, TOutput>({
  form,
  onSubmit,
  className,
  children,
  ...props
}: Omit<ComponentProps<'form'>, 'onSubmit'> & {
  form: UseFormReturn<TValues, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
}) {
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className={cn('flex flex-col gap-4', className)}
      {...props}
    >
      {children}
    </form>
  );
}

/** What a field's control gets: react-hook-form's value and handlers, and Field's ids. */
export type FormControlProps<
  TValues extends FieldValues,
  TName extends FieldPath<TValues>,
> = ControllerRenderProps<TValues, TName> & FieldControlProps;

/** One field of a Form: its label, its control, its hint and its own message, wired together. */
export function FormField<TValues extends FieldValues, TName extends FieldPath<TValues>, TOutput>({
  control,
  name,
  label,
  aside,
  hint,
  className,
  children,
}: {
  control: Control<TValues, unknown, TOutput>;
  name: TName;
  label: ReactNode;
  aside?: ReactNode;
  hint?: ReactNode;
  className?: string;
  children: (control: FormControlProps<TValues, TName>) => ReactNode;
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Field
      label={label}
      aside={aside}
      hint={hint}
      className={className}
      error={fieldMessage(fieldState.error)}
    >
      {(ids) => children({ ...field, ...ids })}
    </Field>
  );
}

/** A field's message: the schema's or the server's, else docs/product.md §5's "Invalid input". */
export function fieldMessage(error: { message?: string | undefined } | undefined): string | null {
  return error ? error.message || FALLBACK_VALIDATION_MESSAGE : null;
}

/** The message of a control FormField does not frame (a group of radio cards, say). */
export function FormMessage({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {message}
    </p>
  );
}

/**
 * Puts a server refusal at the field it is about (`fields` maps the error's code to the field, e.g.
 * username_taken → username) and focuses that field; false when the error is about no field.
 */
export function setServerFieldError<TValues extends FieldValues, TOutput>(
  form: UseFormReturn<TValues, unknown, TOutput>,
  error: unknown,
  fields: Partial<Record<string, FieldPath<TValues>>>,
  fallback?: string,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = fields[error.code];
  if (!field) return false;
  form.setError(
    field,
    { type: 'server', message: error.message || fallback },
    { shouldFocus: true },
  );
  return true;
}
