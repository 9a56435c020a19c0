/**
 * Read models the auth module publishes for other modules' queries: who an account is (address,
 * names, whether it is closed) and which roles it holds. Other modules join these instead of
 * importing users, profiles or user_roles (decision 028), so auth stays the only writer of its
 * tables and one place says what an account's public face is. Both are read-only SQL: a subquery
 * (`accountDirectory`) to join, and a condition (`hasRoleSql`) to test.
 */
import type { Role } from '@adreel/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import { profiles, userRoles, users } from '../../db/schema/users';

/**
 * Every account, closed ones included (`deletedAt` set), with its profile where it has one. Join it
 * on `accountDirectory.userId`; a left join keeps rows whose account is gone (userId null).
 */
export const accountDirectory = accountDirectoryAs('account_directory');

/** The same read model under another name, for a query that joins it twice or names its role. */
export function accountDirectoryAs<TAlias extends string>(name: TAlias) {
  return new QueryBuilder()
    .select({
      userId: users.id,
      email: users.email,
      emailVerifiedAt: users.emailVerifiedAt,
      deletedAt: users.deletedAt,
      username: profiles.username,
      displayName: profiles.displayName,
      photoUrl: profiles.photoUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .as(name);
}

/** True when the account in `userId` holds `role` (SQL, for a select or a where). */
export function hasRoleSql(userId: AnyPgColumn | SQL, role: Role): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = ${role})`;
}
