/**
 * Issue 25 item 8: look-alike usernames. "name" plus a zero-width space, a copy with Cyrillic
 * letters and a right-to-left override copy of an existing handle were all accepted, so anyone
 * could pass for someone else on screen. Now a handle holds no invisible or text-direction
 * characters, is stored NFKC-normalised, and is refused when it reads like a handle already held
 * (Unicode TR 39 skeletons, decision 039), with a message that names that handle. The database
 * holds each skeleton for one handle, so racing sign-ups cannot both take look-alikes.
 */
import { MESSAGES, VALIDATION_MESSAGES } from '@adreel/domain';
import { eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, usernameSkeletons, users, whitelist } from '../../src/db/schema';
import { usernameExists } from '../../src/modules/auth/auth.accounts';
import {
  backfillUsernameSkeletons,
  holdHandle,
  isHandleViolation,
} from '../../src/modules/auth/auth.handles';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';
import { linkTokenFrom } from '../support/mail';

let ctx: TestApp;
beforeAll(async () => {
  // Every sign-up here comes from one address; the limit has tests of its own.
  ctx = await createTestApp({}, { rateLimits: { signUpPerIp: 1000 } });
});
afterAll(() => ctx.close());

const HIDDEN = VALIDATION_MESSAGES.usernameHiddenCharacters;
const tooCloseTo = (handle: string) =>
  `That username is too close to @${handle}. Please choose another.`;

let counter = 0;
/** A whitelisted address, so the sign-up gate lets the sign-up through. */
async function listedEmail(): Promise<string> {
  counter += 1;
  const email = `lookalike${counter}@example.com`;
  await ctx.database.db.insert(whitelist).values({ email, roleAllowed: 'viewer' });
  return email;
}

async function signUp(username: string, email?: string): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      username,
      email: email ?? (await listedEmail()),
      password: 'correct horse',
      role: 'viewer',
    },
  });
}

async function userIdOf(email: string): Promise<string> {
  const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
  if (!user) throw new Error(`no account for ${email}`);
  return user.id;
}

async function profileOf(userId: string) {
  const [profile] = await ctx.database.db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return profile;
}

function refusal(res: LightMyRequestResponse) {
  return {
    status: res.statusCode,
    code: res.json().error?.code,
    message: res.json().error?.message,
  };
}

describe('sign-up refuses a handle that reads like one already taken', () => {
  let carla: string;
  beforeAll(async () => {
    const email = await listedEmail();
    expect((await signUp('carla', email)).statusCode).toBe(202);
    carla = await userIdOf(email);
  });

  it.each([
    ['a zero-width space', 'carla\u200B'],
    ['a zero-width joiner inside', 'car\u200Dla'],
    ['a right-to-left override (shows as "carla")', '\u202Ealrac'],
    ['a right-to-left isolate', '\u2067carla\u2069'],
    ['a byte-order mark inside', 'car\uFEFFla'],
  ])('refuses %s: no invisible or text-direction characters at all', async (_, username) => {
    expect(refusal(await signUp(username))).toEqual({
      status: 400,
      code: 'validation_failed',
      message: HIDDEN,
    });
  });

  it.each([
    ['Cyrillic с and а', 'саrlа'],
    ['Cyrillic а only', 'carlа'],
    ['upper case', 'CARLA'],
    ['a capital', 'Carla'],
    ['fullwidth capitals', 'ＣＡＲＬＡ'],
    ['capital I for l', 'carIa'],
    ['digit 1 for l', 'car1a'],
    ['Cyrillic and Greek capitals (read as CARLA)', 'СΑRLΑ'],
  ])('refuses %s with a 409 naming @carla, and makes no account', async (_, username) => {
    const email = await listedEmail();
    expect(refusal(await signUp(username, email))).toEqual({
      status: 409,
      code: 'username_taken',
      message: tooCloseTo('carla'),
    });
    expect(await ctx.database.db.$count(users, eq(users.email, email))).toBe(0);
  });

  it('answers fullwidth "ｃａｒｌａ", which NFKC makes the very same handle, as taken', async () => {
    expect(refusal(await signUp('ｃａｒｌａ'))).toEqual({
      status: 409,
      code: 'username_taken',
      message: MESSAGES.usernameTaken,
    });
  });

  it('leaves @carla the only holder of its skeletons', async () => {
    const holders = await ctx.database.db
      .selectDistinct({ userId: usernameSkeletons.userId })
      .from(usernameSkeletons)
      .where(inArray(usernameSkeletons.skeleton, ['carla', 'CARLA']));
    expect(holders).toEqual([{ userId: carla }]);
  });

  it.each(['karla', 'carlos', 'carla.m', 'carla_2', 'cárla', 'Ελένη', 'Дмитрий'])(
    'accepts %j, which reads differently',
    async (username) => {
      const email = await listedEmail();
      expect((await signUp(username, email)).statusCode).toBe(202);
      expect((await profileOf(await userIdOf(email)))?.username).toBe(username);
    },
  );

  it('stores a fullwidth handle as its plain letters', async () => {
    const email = await listedEmail();
    expect((await signUp('ｊｕｎｏ', email)).statusCode).toBe(202);
    expect((await profileOf(await userIdOf(email)))?.username).toBe('juno');
  });
});

describe('the "choose a password" step (where a handle is renamed) refuses a look-alike too', () => {
  let owner: string;
  beforeAll(async () => {
    const email = await listedEmail();
    expect((await signUp('marisol', email)).statusCode).toBe(202);
    // Someone signed up with another person's address; its owner proves it in their own browser.
    owner = await listedEmail();
    expect((await signUp('placeholder_owner', owner)).statusCode).toBe(202);
  });

  async function choose(username: string) {
    const token = await linkTokenFrom(ctx.database.db, owner, 'verify_email');
    return ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token, password: 'owner password', username },
    });
  }

  it('refuses hidden characters, then look-alikes naming @marisol, and spends nothing', async () => {
    expect(refusal(await choose('marisol\u200B'))).toMatchObject({ status: 400, message: HIDDEN });
    expect(refusal(await choose('\u202Elosiram'))).toMatchObject({ status: 400, message: HIDDEN });
    for (const username of ['rnarisol', 'mаrisоl', 'MARISOL', 'ｍａｒｉｓｏｌ'.toUpperCase()]) {
      expect(refusal(await choose(username))).toEqual({
        status: 409,
        code: 'username_taken',
        message: tooCloseTo('marisol'),
      });
    }
    const id = await userIdOf(owner);
    expect((await profileOf(id))?.username).toBe('placeholder_owner');

    // A handle that reads differently goes through, with the same link.
    const chosen = await choose('marisa');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().session.user.username).toBe('marisa');
    const held = await ctx.database.db
      .select({ skeleton: usernameSkeletons.skeleton })
      .from(usernameSkeletons)
      .where(eq(usernameSkeletons.userId, id));
    expect(held.map((row) => row.skeleton).sort()).toEqual(['MARlSA', 'rnarisa']);
  });

  it('lets the owner keep a look-alike of their own handle', async () => {
    owner = await listedEmail();
    expect((await signUp('Tomas_B', owner)).statusCode).toBe(202);
    const chosen = await choose('tomas_b');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().session.user.username).toBe('tomas_b');
  });
});

describe('look-alikes racing for one handle', () => {
  it('of five sign-ups at once, exactly one gets it; the others are told whose it is', async () => {
    const variants = ['jordan', 'jоrdan', 'JORDAN', 'jordаn', 'j0rdan'];
    const emails = await Promise.all(variants.map(() => listedEmail()));
    const answers = await Promise.all(variants.map((username, i) => signUp(username, emails[i])));

    const won = answers.flatMap((res, i) => (res.statusCode === 202 ? [i] : []));
    expect(won).toHaveLength(1);
    const winner = variants[won[0] ?? -1] ?? '';
    for (const [i, res] of answers.entries()) {
      if (i === won[0]) continue;
      expect(refusal(res)).toEqual({
        status: 409,
        code: 'username_taken',
        message: tooCloseTo(winner),
      });
    }
    const holders = await ctx.database.db
      .selectDistinct({ userId: usernameSkeletons.userId })
      .from(usernameSkeletons)
      .where(eq(usernameSkeletons.skeleton, 'JORDAN'));
    expect(holders).toEqual([{ userId: await userIdOf(emails[won[0] ?? -1] ?? '') }]);
  });

  it('the database refuses the second look-alike even when nothing checked before it', async () => {
    await createUser(ctx.database.db, { username: 'valentina' });
    const other = await createUser(ctx.database.db);
    const refused = await ctx.database.db
      .transaction((tx) => holdHandle(tx, other.id, 'vаlentina'))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isHandleViolation(refused)).toBe(true);
  });

  it('a provider sign-up picks a handle that reads like no other', async () => {
    // oidc.service's freeUsername asks usernameExists for each candidate.
    await createUser(ctx.database.db, { username: 'priya' });
    expect(await usernameExists(ctx.database.db, 'PRIYA')).toBe(true);
    expect(await usernameExists(ctx.database.db, 'priуa')).toBe(true);
    expect(await usernameExists(ctx.database.db, 'priya1234')).toBe(false);
  });
});

describe('handles taken before the rule (migration 0022)', () => {
  it('get their skeletons at start; the older of two look-alikes keeps the shared one, and new look-alikes of either are refused', async () => {
    const { db } = ctx.database;
    // As 0022 finds them: handles without skeletons, two of them reading alike ("lucia" and
    // "Iucia" with a capital I), and a closed account.
    const older = await createUser(db, { username: 'lucia' });
    const newer = await createUser(db);
    const closed = await createUser(db, { username: 'ghost_account' });
    await db
      .delete(usernameSkeletons)
      .where(inArray(usernameSkeletons.userId, [older.id, newer.id, closed.id]));
    await db.update(profiles).set({ username: 'Iucia' }).where(eq(profiles.userId, newer.id));
    await db
      .update(users)
      .set({ createdAt: new Date('2026-01-01T00:00:00Z') })
      .where(eq(users.id, older.id));
    await db
      .update(users)
      .set({ createdAt: new Date('2026-02-01T00:00:00Z') })
      .where(eq(users.id, newer.id));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, closed.id));

    expect(await backfillUsernameSkeletons(db)).toEqual({ handles: 2, sharing: 1 });
    const heldBy = async (userId: string) =>
      (
        await db
          .select({ skeleton: usernameSkeletons.skeleton })
          .from(usernameSkeletons)
          .where(eq(usernameSkeletons.userId, userId))
      )
        .map((row) => row.skeleton)
        .sort();
    expect(await heldBy(older.id)).toEqual(['LUClA', 'lucia']);
    // Both keep their names; the newer holds the forms nobody else reads as.
    expect(await heldBy(newer.id)).toEqual(['iucia', 'lUClA']);
    expect((await profileOf(newer.id))?.username).toBe('Iucia');
    expect(await heldBy(closed.id)).toEqual([]);
    // Every later start finds nothing to do.
    expect(await backfillUsernameSkeletons(db)).toEqual({ handles: 0, sharing: 0 });

    expect(refusal(await signUp('lucіa'))).toMatchObject({ message: tooCloseTo('lucia') });
    expect(refusal(await signUp('IUCIA'))).toMatchObject({ message: tooCloseTo('Iucia') });
  });
});
