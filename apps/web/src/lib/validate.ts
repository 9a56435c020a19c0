import { FALLBACK_VALIDATION_MESSAGE } from '@adreel/domain';

/** The part of a zod schema a form needs; structural, so this file does not pull zod in itself. */
interface Schema<T> {
  safeParse(
    input: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

export type Validation<T> =
  | { ok: true; data: T }
  | { ok: false; field: string | null; message: string };

/** SPEC.md §5: a failure shows the first schema message (else "Invalid input"), at its field. */
export function validate<T>(schema: Schema<T>, input: unknown): Validation<T> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issue = result.error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    field: typeof field === 'string' ? field : null,
    message: issue?.message || FALLBACK_VALIDATION_MESSAGE,
  };
}

/** Moves focus to the named control of a form, so the user lands on what needs fixing. */
export function focusField(form: HTMLFormElement | null, name: string | null): void {
  if (!form || !name) return;
  const control = form.elements.namedItem(name);
  if (control instanceof HTMLElement) control.focus();
}
