import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessRequests, invites, whitelist } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { CHECK_VIOLATION, refusal, UNIQUE_VIOLATION } from '../support/errors';
import { createInvite, createUser } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('whitelist', () => {
  it('stores e-mail addresses only in lower case', async () => {
    const entry = database.db
      .insert(whitelist)
      .values({ email: 'Brand@Example.com', roleAllowed: 'brand' });
    expect(await refusal(entry)).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'whitelist_email_lower_case',
    });
  });

  it('lists an address at most once', async () => {
    await database.db
      .insert(whitelist)
      .values({ email: 'once@example.com', roleAllowed: 'creator' });
    const again = database.db
      .insert(whitelist)
      .values({ email: 'once@example.com', roleAllowed: 'brand' });
    expect(await refusal(again)).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'whitelist_email_unique',
    });
  });

  it('refuses a role that is not admin, brand, creator or viewer', async () => {
    const statement = sql`insert into whitelist (email, role_allowed) values ('r@example.com', 'owner')`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      constraint: 'whitelist_role_known',
    });
  });
});

describe('invites', () => {
  it('accepts only codes of 8 characters from A-Z and 0-9', async () => {
    for (const code of ['abcd1234', 'ABCD123', 'ABCD12345', 'ABCD-123', 'ÄBCD1234']) {
      expect(await refusal(createInvite(database.db, { code }))).toMatchObject({
        code: CHECK_VIOLATION,
        constraint: 'invites_code_format',
      });
    }
    const invite = await createInvite(database.db, { code: 'Z9Y8X7W6' });
    expect(invite.code).toBe('Z9Y8X7W6');
  });

  it('refuses a second invite with the same code', async () => {
    await createInvite(database.db, { code: 'SAMECODE' });
    expect(await refusal(createInvite(database.db, { code: 'SAMECODE' }))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'invites_code_unique',
    });
  });

  it('refuses an invite marked used without the time it was used', async () => {
    expect(await refusal(createInvite(database.db, { isUsed: true }))).toMatchObject({
      constraint: 'invites_used_consistent',
    });
  });

  it('records who used an invite and when', async () => {
    const invite = await createInvite(database.db);
    const user = await createUser(database.db);
    const [used] = await database.db
      .update(invites)
      .set({ isUsed: true, usedByUserId: user.id, usedAt: new Date() })
      .where(eq(invites.id, invite.id))
      .returning();
    expect(used).toMatchObject({ isUsed: true, usedByUserId: user.id });
  });
});

describe('access requests', () => {
  const request = { name: 'Ana', email: 'ana@example.com', role: 'creator' as const };

  it('start pending', async () => {
    const [row] = await database.db
      .insert(accessRequests)
      .values({ ...request, email: 'pending@example.com' })
      .returning();
    expect(row?.status).toBe('pending');
  });

  it('keep one request per e-mail address', async () => {
    await database.db.insert(accessRequests).values(request);
    expect(await refusal(database.db.insert(accessRequests).values(request))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'access_requests_email_unique',
    });
    // What the join service does with a repeated request: nothing new is stored.
    await database.db.insert(accessRequests).values(request).onConflictDoNothing();
    expect(await database.db.$count(accessRequests, eq(accessRequests.email, request.email))).toBe(
      1,
    );
  });

  it('refuses an unknown status', async () => {
    const statement = sql`insert into access_requests (name, email, role, status, decided_at)
      values ('Bo', 'bo@example.com', 'brand', 'maybe', now())`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'access_requests_status_known',
    });
  });

  it('refuses a decided request without the time of the decision', async () => {
    const decided = database.db
      .insert(accessRequests)
      .values({ ...request, email: 'decided@example.com', status: 'approved' });
    expect(await refusal(decided)).toMatchObject({
      constraint: 'access_requests_decided_consistent',
    });
  });
});
