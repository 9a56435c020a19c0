import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailTokens,
  mfaFactors,
  rateLimitCounters,
  refreshTokens,
  sessions,
} from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { CHECK_VIOLATION, refusal, UNIQUE_VIOLATION } from '../support/errors';
import { createUser } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

async function newSession() {
  const user = await createUser(database.db);
  const [session] = await database.db.insert(sessions).values({ userId: user.id }).returning();
  if (!session) throw new Error('insert into sessions returned no row');
  return session;
}

describe('sessions and refresh tokens', () => {
  it('start at assurance level aal1', async () => {
    expect((await newSession()).aal).toBe('aal1');
  });

  it('refuse a second refresh token with the same hash', async () => {
    const session = await newSession();
    await database.db.insert(refreshTokens).values({ sessionId: session.id, tokenHash: 'h-1' });
    const again = database.db
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: 'h-1' });
    expect(await refusal(again)).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'refresh_tokens_token_hash_unique',
    });
  });

  it('lose their refresh tokens when the session is deleted', async () => {
    const session = await newSession();
    const [parent] = await database.db
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: 'h-parent' })
      .returning();
    await database.db
      .insert(refreshTokens)
      .values({ sessionId: session.id, tokenHash: 'h-child', parentId: parent?.id });
    await database.db.delete(sessions).where(eq(sessions.id, session.id));
    expect(await database.db.$count(refreshTokens, eq(refreshTokens.sessionId, session.id))).toBe(
      0,
    );
  });
});

describe('second factors', () => {
  it('refuse a factor type other than phone, totp or webauthn', async () => {
    const user = await createUser(database.db);
    const statement = sql`insert into mfa_factors (user_id, factor_type) values (${user.id}, 'sms')`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'mfa_factors_type_known',
    });
  });

  it('refuse a TOTP factor without its secret', async () => {
    const user = await createUser(database.db);
    const factor = database.db.insert(mfaFactors).values({ userId: user.id, factorType: 'totp' });
    expect(await refusal(factor)).toMatchObject({ constraint: 'mfa_factors_totp_has_secret' });
  });

  it('refuse a verified passkey without its public key', async () => {
    const user = await createUser(database.db);
    const factor = database.db
      .insert(mfaFactors)
      .values({ userId: user.id, factorType: 'webauthn', verifiedAt: new Date() });
    expect(await refusal(factor)).toMatchObject({
      constraint: 'mfa_factors_verified_webauthn_has_key',
    });
  });
});

describe('e-mail tokens', () => {
  it('serve only address verification and password reset', async () => {
    const user = await createUser(database.db);
    const statement = sql`insert into email_tokens (user_id, purpose, token_hash, expires_at)
      values (${user.id}, 'login', 'h-mail', now())`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      constraint: 'email_tokens_purpose_known',
    });
    await database.db.insert(emailTokens).values({
      userId: user.id,
      purpose: 'reset_password',
      tokenHash: 'h-mail',
      expiresAt: new Date(),
    });
  });
});

describe('rate-limit counters', () => {
  it('keep one counter per key and window, which every process increments', async () => {
    const windowStart = new Date('2026-01-01T00:00:00Z');
    const hit = () =>
      database.db
        .insert(rateLimitCounters)
        .values({ key: 'sign-in:ip:203.0.113.7', windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.key, rateLimitCounters.windowStart],
          set: { count: sql`${rateLimitCounters.count} + 1` },
        })
        .returning({ count: rateLimitCounters.count });
    await Promise.all([hit(), hit(), hit()]);
    const [last] = await hit();
    expect(last?.count).toBe(4);
  });
});
