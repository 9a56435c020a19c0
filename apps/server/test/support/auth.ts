/**
 * Signed-in callers for HTTP tests, without going through sign-in: a session row for the user and
 * an access token signed with the app's own key (loaded from the same database, as app.ts does).
 */
import type { Role } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import { sessions, users } from '../../src/db/schema';
import { loadSigningKeys } from '../../src/modules/auth/auth.keys';
import { tokenVersionOf } from '../../src/modules/auth/auth.sessions.queries';
import { createTokenService, type TokenService } from '../../src/modules/auth/auth.tokens';
import { createUser, type TestUser, type UserOverrides } from './factories';

/** A type, not an interface, so it fits where request headers (an index signature) are expected. */
export type AuthHeaders = { authorization: string };

/** What signInAs needs of a TestApp: its database. */
export interface WithDatabase {
  database: { db: Database };
}

export interface SignInOptions {
  /**
   * The environment the app was created with, when it sets PUBLIC_URL or PORT: the token's issuer
   * is the public URL and must match the app's.
   */
  env?: NodeJS.ProcessEnv;
  /** A session that passed a second factor (aal2), as the second step of sign-in leaves one. */
  aal?: 'aal1' | 'aal2';
}

const services = new WeakMap<Database, Map<string, Promise<TokenService>>>();

/** The app's token service: the same database holds the same signing key. */
function tokenServiceFor(db: Database, env: NodeJS.ProcessEnv): Promise<TokenService> {
  const { publicUrl } = loadConfig({ NODE_ENV: 'test', ...env });
  let byIssuer = services.get(db);
  if (!byIssuer) {
    byIssuer = new Map();
    services.set(db, byIssuer);
  }
  let service = byIssuer.get(publicUrl);
  if (!service) {
    service = loadSigningKeys(db).then((keys) => createTokenService(keys, publicUrl));
    byIssuer.set(publicUrl, service);
  }
  return service;
}

async function isEmailVerified(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  return !!row?.at;
}

/** Headers that make a request come from `user`, in a session of its own. */
export async function signInAs(
  ctx: WithDatabase,
  user: Pick<TestUser, 'id' | 'email' | 'roles'>,
  options: SignInOptions = {},
): Promise<AuthHeaders> {
  const { db } = ctx.database;
  const aal = options.aal ?? 'aal1';
  const [session] = await db.insert(sessions).values({ userId: user.id, aal }).returning();
  if (!session) throw new Error('insert into sessions returned no row');
  const tokens = await tokenServiceFor(db, options.env ?? {});
  const { token } = await tokens.issue({
    userId: user.id,
    sessionId: session.id,
    email: user.email,
    roles: user.roles,
    aal,
    // As the server issues it: an unproven account's session says so (decision 022).
    emailVerified: await isEmailVerified(db, user.id),
    // As the server issues it: a change of roles raises the version (decision 023).
    tokenVersion: (await tokenVersionOf(db, user.id)) ?? 0,
  });
  return { authorization: `Bearer ${token}` };
}

/** A new user holding `role`, signed in: its request headers, and the user for assertions. */
export async function signedInUser(
  ctx: WithDatabase,
  role: Role,
  overrides: UserOverrides = {},
  options: SignInOptions = {},
): Promise<{ user: TestUser; headers: AuthHeaders }> {
  const user = await createUser(ctx.database.db, { ...overrides, role });
  return { user, headers: await signInAs(ctx, user, options) };
}

/** Headers of a new, signed-in user holding `role`. */
export async function asRole(
  ctx: WithDatabase,
  role: Role,
  options: SignInOptions = {},
): Promise<AuthHeaders> {
  return (await signedInUser(ctx, role, {}, options)).headers;
}
