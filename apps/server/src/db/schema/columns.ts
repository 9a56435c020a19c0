/**
 * Column and constraint builders the schema files share. Not re-exported from index.ts: drizzle-kit
 * reads every export of the schema entry as a table.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every id is a UUID made by the database, so rows inserted by hand or by SQL get one too. */
export const id = () => uuid('id').primaryKey().defaultRandom();

/** Times are UTC instants (DESIGN.md §4); Date in TypeScript. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => timestamptz('created_at').notNull().defaultNow();

/** Money, in integer cents. bigint: a budget may pass the 2^31 cents (21 million dollars). */
export const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * `column in ('a', 'b', …)` with the values inlined: check constraints cannot take parameters, and
 * the values are our own constants from @adreel/domain, never user input.
 */
export function isOneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map(literal).join(', '))})`;
}

/** A string as an SQL literal, for constants of our own that must be inlined into DDL. */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** Stored e-mail addresses are lower-cased so that uniqueness and look-ups ignore case. */
export function isLowerCase(column: AnyPgColumn): SQL {
  return sql`${column} = lower(${column})`;
}

/** Length in characters (not bytes) between min and max, as the forms count it. */
export function hasLength(column: AnyPgColumn, min: number, max: number): SQL {
  return sql`char_length(${column}) between ${sql.raw(String(min))} and ${sql.raw(String(max))}`;
}
