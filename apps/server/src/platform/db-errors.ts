/** PostgreSQL's refusals, read through Drizzle's wrapping (the driver's error is its `cause`). */
export const UNIQUE_VIOLATION = '23505';

export interface PgRefusal {
  code: string;
  constraint: string | undefined;
}

export function pgRefusalOf(error: unknown): PgRefusal | null {
  for (let current: unknown = error; current instanceof Error; current = current.cause) {
    if (
      'code' in current &&
      typeof current.code === 'string' &&
      /^[0-9A-Z]{5}$/.test(current.code)
    ) {
      const constraint = 'constraint' in current ? current.constraint : undefined;
      return {
        code: current.code,
        constraint: typeof constraint === 'string' ? constraint : undefined,
      };
    }
  }
  return null;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const refusal = pgRefusalOf(error);
  if (refusal?.code !== UNIQUE_VIOLATION) return false;
  return constraint === undefined || refusal.constraint === constraint;
}
