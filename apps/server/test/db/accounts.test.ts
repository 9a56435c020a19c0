import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userRoles, users } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { CHECK_VIOLATION, refusal, UNIQUE_VIOLATION } from '../support/errors';
import { createUser } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('users', () => {
  it('stores e-mail addresses only in lower case', async () => {
    expect(
      await refusal(database.db.insert(users).values({ email: 'Ana@Example.com' })),
    ).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'users_email_lower_case',
    });
  });

  it('refuses a second account with the same e-mail', async () => {
    const user = await createUser(database.db);
    expect(await refusal(database.db.insert(users).values({ email: user.email }))).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'users_email_unique',
    });
  });

  it('refuses a requested role outside creator, brand and viewer', async () => {
    const statement = sql`insert into users (email, requested_role) values ('x@example.test', 'admin')`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      constraint: 'users_requested_role_known',
    });
  });
});

describe('user roles', () => {
  it('refuses a role that is not admin, brand, creator or viewer', async () => {
    const user = await createUser(database.db);
    const statement = sql`insert into user_roles (user_id, role) values (${user.id}, 'superuser')`;
    expect(await refusal(database.db.execute(statement))).toMatchObject({
      code: CHECK_VIOLATION,
      constraint: 'user_roles_role_known',
    });
  });

  it('gives a user each role at most once', async () => {
    const user = await createUser(database.db, { role: 'creator' });
    const again = database.db.insert(userRoles).values({ userId: user.id, role: 'creator' });
    expect(await refusal(again)).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'user_roles_pk',
    });
  });

  it('lets one user hold several roles', async () => {
    const user = await createUser(database.db, { role: ['creator', 'brand'] });
    const rows = await database.db
      .select()
      .from(userRoles)
      .where(sql`${userRoles.userId} = ${user.id}`);
    expect(rows.map((row) => row.role).sort()).toEqual(['brand', 'creator']);
  });
});

describe('profiles', () => {
  it('refuses a username that differs from a taken one only in letter case', async () => {
    await createUser(database.db, { username: 'NightOwl' });
    const lookalike = createUser(database.db, { username: 'nightowl', email: 'owl2@example.test' });
    expect(await refusal(lookalike)).toMatchObject({
      code: UNIQUE_VIOLATION,
      constraint: 'profiles_username_lower_unique',
    });
  });

  it('refuses a username shorter than 3 or longer than 50 characters', async () => {
    for (const username of ['ab', 'a'.repeat(51)]) {
      expect(await refusal(createUser(database.db, { username }))).toMatchObject({
        constraint: 'profiles_username_length',
      });
    }
    await createUser(database.db, { username: 'abc' });
  });
});
