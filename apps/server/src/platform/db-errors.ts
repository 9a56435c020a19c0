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

/** Socket failures reaching the database server: refused, reset, timed out, unreachable. */
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
/** node-postgres's own words when a connection ends or cannot be made in time. */
const CONNECTION_MESSAGES =
  /Connection terminated|connection error and is not queryable|timeout exceeded when trying to connect/;

/**
 * Whether an error means the database is out of reach for now (down, restarting, unreachable)
 * rather than a fault in the request or the code: SQLSTATE class 08 (connection exception), 57P01–3
 * (shut down by an administrator, after a crash, not yet accepting connections), a socket error, or
 * node-postgres's message for a connection that ended.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const code = 'code' in current && typeof current.code === 'string' ? current.code : '';
    if (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
      return true;
    if (CONNECTION_MESSAGES.test(current.message)) return true;
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return false;
}

/** deadlock_detected, serialization_failure: two transactions collided; running again succeeds. */
export const TRANSIENT_CONFLICTS = new Set(['40P01', '40001']);

export function isTransientConflict(error: unknown): boolean {
  const code = pgRefusalOf(error)?.code;
  return code !== undefined && TRANSIENT_CONFLICTS.has(code);
}

/**
 * Text PostgreSQL cannot store: a NUL character (U+0000) in a text value (22021, "invalid byte
 * sequence for encoding UTF8: 0x00") or in JSON (22P05). The input is at fault, not the server.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

export function isUnstorableText(error: unknown): boolean {
  const code = pgRefusalOf(error)?.code;
  return code !== undefined && UNSTORABLE_TEXT.has(code);
}
