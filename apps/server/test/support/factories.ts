/**
 * Rows for tests, valid by default and unique per call; pass only what the test is about.
 * They write straight to the tables: use them to arrange a state, and the services to act on it.
 */
import { randomBytes } from 'node:crypto';
import type { Role } from '@adreel/domain/roles';
import { hash } from '@node-rs/argon2';
import type { Database } from '../../src/db/client';
import { campaigns, invites, profiles, userRoles, users, videos } from '../../src/db/schema';
import { holdHandle } from '../../src/modules/auth/auth.handles';

type UserRow = typeof users.$inferSelect;
type CampaignRow = typeof campaigns.$inferSelect;
type VideoRow = typeof videos.$inferSelect;
type InviteRow = typeof invites.$inferSelect;

let sequence = 0;
/** A short suffix unique within the run and across parallel test files sharing a server. */
function unique(): string {
  sequence += 1;
  return `${sequence}${randomBytes(3).toString('hex')}`;
}

export interface UserOverrides {
  /** One role, several, or none at all (a signed-up user without a role is a viewer by precedence). */
  role?: Role | Role[];
  email?: string;
  username?: string;
  displayName?: string;
  /** Hashed with argon2id. Without it the account has no password and cannot sign in. */
  password?: string;
  /** Defaults to true: most tests are not about verification. */
  emailVerified?: boolean;
  requestedRole?: UserRow['requestedRole'];
}

export type TestUser = UserRow & { username: string; displayName: string; roles: Role[] };

export async function createUser(db: Database, overrides: UserOverrides = {}): Promise<TestUser> {
  const suffix = unique();
  const username = overrides.username ?? `user_${suffix}`;
  const roles = overrides.role === undefined ? ['viewer' as const] : [overrides.role].flat();
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `${username.toLowerCase()}@example.test`,
      passwordHash: overrides.password === undefined ? null : await hash(overrides.password),
      emailVerifiedAt: overrides.emailVerified === false ? null : new Date(),
      requestedRole: overrides.requestedRole ?? null,
    })
    .returning();
  if (!user) throw new Error('insert into users returned no row');
  const displayName = overrides.displayName ?? username;
  await db.insert(profiles).values({ userId: user.id, username, displayName });
  await holdHandle(db, user.id, username);
  if (roles.length > 0)
    await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
  return { ...user, username, displayName, roles };
}

export type CampaignOverrides = Partial<typeof campaigns.$inferInsert>;

/** An open campaign; of a new brand unless brandId is given. */
export async function createCampaign(
  db: Database,
  overrides: CampaignOverrides = {},
): Promise<CampaignRow> {
  const brandId = overrides.brandId ?? (await createUser(db, { role: 'brand' })).id;
  const [campaign] = await db
    .insert(campaigns)
    .values({
      title: `Campaign ${unique()}`,
      description: 'A brief for tests.',
      tags: ['test'],
      budgetTotalCents: 100_000,
      payoutPerVideoCents: 10_000,
      ...overrides,
      brandId,
    })
    .returning();
  if (!campaign) throw new Error('insert into campaigns returned no row');
  return campaign;
}

export type VideoOverrides = Partial<typeof videos.$inferInsert>;

/**
 * A video pending review, with its file, by a new creator unless creatorId is given. An approved one
 * gets a publication time, as the schema requires.
 */
export async function createVideo(db: Database, overrides: VideoOverrides = {}): Promise<VideoRow> {
  const creatorId = overrides.creatorId ?? (await createUser(db, { role: 'creator' })).id;
  const suffix = unique();
  const status = overrides.status ?? 'pending';
  const [video] = await db
    .insert(videos)
    .values({
      title: `Video ${suffix}`,
      fileUrl: `/media/videos/${suffix}.mp4`,
      thumbUrl: `/media/thumbs/${suffix}.jpg`,
      durationSec: 15,
      publishedAt: status === 'approved' ? new Date() : null,
      ...overrides,
      status,
      creatorId,
    })
    .returning();
  if (!video) throw new Error('insert into videos returned no row');
  return video;
}

export type InviteOverrides = Partial<typeof invites.$inferInsert>;

/** An active invite code for a viewer, valid for 7 days. */
export async function createInvite(
  db: Database,
  overrides: InviteOverrides = {},
): Promise<InviteRow> {
  const [invite] = await db
    .insert(invites)
    .values({
      code: randomBytes(4).toString('hex').toUpperCase(),
      role: 'viewer',
      expiresAt: new Date(Date.now() + 7 * 24 * 60 * 60 * 1000),
      ...overrides,
    })
    .returning();
  if (!invite) throw new Error('insert into invites returned no row');
  return invite;
}
