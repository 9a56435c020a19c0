/** PostgreSQL SQLSTATE codes the constraint tests expect (PostgreSQL manual, appendix A). */
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';
export const FOREIGN_KEY_VIOLATION = '23503';
/** ON DELETE RESTRICT: the row is still referenced. */
export const RESTRICT_VIOLATION = '23001';
export const NOT_NULL_VIOLATION = '23502';

export interface DatabaseRefusal {
  /** SQLSTATE. */
  code: string;
  /** The violated constraint's name, when there is one. */
  constraint: string | undefined;
  message: string;
}

/**
 * Runs a statement that must fail and returns why the database refused it. Drizzle wraps the
 * driver's error (pg or PGlite, same fields) as `cause`, so the chain is followed to it.
 */
export async function refusal(statement: PromiseLike<unknown>): Promise<DatabaseRefusal> {
  try {
    await statement;
  } catch (error) {
    for (let current: unknown = error; current instanceof Error; current = current.cause) {
      if ('code' in current && typeof current.code === 'string') {
        const constraint = 'constraint' in current ? current.constraint : undefined;
        return {
          code: current.code,
          constraint: typeof constraint === 'string' ? constraint : undefined,
          message: current.message,
        };
      }
    }
    throw error;
  }
  throw new Error('The database accepted a statement it should have refused');
}
