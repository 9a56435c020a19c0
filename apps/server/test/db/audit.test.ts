import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { refusal } from '../support/errors';
import { createUser } from '../support/factories';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.dispose());

describe('audit log', () => {
  it('keeps entries that can be neither changed nor deleted', async () => {
    const admin = await createUser(database.db, { role: 'admin' });
    const [entry] = await database.db
      .insert(auditLog)
      .values({
        actorId: admin.id,
        actorRole: 'admin',
        action: 'video.approve',
        targetType: 'video',
        targetId: 'f00d',
        details: { reason: 'fine' },
      })
      .returning();
    if (!entry) throw new Error('no entry');

    const edit = database.db
      .update(auditLog)
      .set({ action: 'video.reject' })
      .where(eq(auditLog.id, entry.id));
    expect(await refusal(edit)).toMatchObject({ message: expect.stringContaining('append-only') });
    expect(
      await refusal(database.db.delete(auditLog).where(eq(auditLog.id, entry.id))),
    ).toMatchObject({
      message: expect.stringContaining('append-only'),
    });
    const [kept] = await database.db.select().from(auditLog).where(eq(auditLog.id, entry.id));
    expect(kept).toMatchObject({ action: 'video.approve', details: { reason: 'fine' } });
  });
});
