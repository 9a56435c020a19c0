/**
 * Demo data for a first start (DESIGN.md §1): one verified account per role, more creators and the
 * sample briefs. Whether to seed at all is the caller's choice (config.seedDemo: never in production
 * unless SEED_DEMO=true); this module only knows how.
 */
import { ROLES, type Role } from '@adreel/domain/roles';
import { hash } from '@node-rs/argon2';
import { eq, inArray, sql } from 'drizzle-orm';
import { holdHandle } from '../modules/auth/auth.handles';
import type { Database } from './client';
import { campaigns, profiles, transactions, userRoles, users } from './schema';
import {
  DEMO_BRIEFS,
  DEMO_EXTRA_CREATORS,
  DEMO_PASSWORD,
  DEMO_ROLE_ACCOUNTS,
  type DemoPerson,
} from './seed-data';

export interface DemoAccount extends DemoPerson {
  role: Role;
  password: string;
}

export interface SeedOptions {
  /** Delete the demo accounts and everything they own, then create them afresh (npm run db:seed). */
  force?: boolean;
}

/** Everyone the demo creates, with their role; the per-role accounts first, in ROLES order. */
const DEMO_PEOPLE: readonly (DemoPerson & { role: Role })[] = [
  ...ROLES.map((role) => ({ ...DEMO_ROLE_ACCOUNTS[role], role })),
  ...DEMO_EXTRA_CREATORS.map((person) => ({ ...person, role: 'creator' as const })),
];
const DEMO_EMAILS = DEMO_PEOPLE.map((person) => person.email);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Creates the demo data unless the demo admin already exists, and returns the per-role sign-ins
 * either way, so a restart prints the same accounts without touching what people did with them.
 */
export async function seedDemoData(
  db: Database,
  options: SeedOptions = {},
): Promise<DemoAccount[]> {
  await db.transaction(async (tx) => {
    // Two processes starting together on one server would both find no admin and both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adreel.seed'))`);
    if (options.force) await deleteDemoData(tx);
    else if (await tx.$count(users, eq(users.email, DEMO_ROLE_ACCOUNTS.admin.email))) return;
    // @node-rs/argon2 hashes with argon2id by default. One hash serves every demo account: they
    // share the published password anyway, and each hash costs tens of milliseconds.
    await insertDemoData(tx, await hash(DEMO_PASSWORD), new Date());
  });

  return ROLES.map((role) => ({ ...DEMO_ROLE_ACCOUNTS[role], role, password: DEMO_PASSWORD }));
}

async function deleteDemoData(db: Database): Promise<void> {
  const demoUsers = db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, DEMO_EMAILS));
  // Money rows and campaigns do not cascade from their brand (they are kept on purpose), so the
  // demo brand's are removed first; everything else the demo accounts own cascades with them.
  await db.delete(transactions).where(inArray(transactions.brandId, demoUsers));
  await db.delete(campaigns).where(inArray(campaigns.brandId, demoUsers));
  await db.delete(users).where(inArray(users.email, DEMO_EMAILS));
}

async function insertDemoData(db: Database, passwordHash: string, now: Date): Promise<void> {
  const created = await db
    .insert(users)
    .values(DEMO_PEOPLE.map(({ email }) => ({ email, passwordHash, emailVerifiedAt: now })))
    .returning({ id: users.id, email: users.email });
  const idOf = new Map(created.map((user) => [user.email, user.id]));
  const people = DEMO_PEOPLE.map((person) => ({ ...person, userId: idOf.get(person.email) ?? '' }));

  await db
    .insert(profiles)
    .values(people.map(({ userId, username, displayName }) => ({ userId, username, displayName })));
  for (const { userId, username } of people) await holdHandle(db, userId, username);
  await db.insert(userRoles).values(people.map(({ userId, role }) => ({ userId, role })));

  const brandId = idOf.get(DEMO_ROLE_ACCOUNTS.brand.email) ?? '';
  await db.insert(campaigns).values(
    DEMO_BRIEFS.map(({ deadlineInDays, ...brief }, index) => ({
      ...brief,
      brandId,
      deadline: isoDate(new Date(now.getTime() + deadlineInDays * DAY_MS)),
      // Distinct creation times keep "newest first" in the order the briefs are written.
      createdAt: new Date(now.getTime() - index * 60_000),
    })),
  );
}

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
