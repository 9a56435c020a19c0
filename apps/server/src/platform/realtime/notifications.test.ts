import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/support/database';
import { createRealtime, notify, type Realtime } from './notifications';

const log = { warn: () => {}, info: () => {} };
let database: TestDatabase;
let realtime: Realtime;
beforeAll(async () => {
  database = await createTestDatabase();
  realtime = createRealtime(database, log);
});
afterAll(async () => {
  await realtime.close();
  await database.dispose();
});

describe('notifications', () => {
  it('reach every subscriber of the channel once the transaction commits, and none that rolled back', async () => {
    const first: Array<string | null> = [];
    const second: Array<string | null> = [];
    const other: Array<string | null> = [];
    const stopFirst = await realtime.subscribe('test_channel', (payload) => first.push(payload));
    await realtime.subscribe('test_channel', (payload) => second.push(payload));
    await realtime.subscribe('other_channel', (payload) => other.push(payload));

    await database.db
      .transaction(async (tx) => {
        await notify(tx, 'test_channel', 'rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => notify(tx, 'test_channel', 'committed'));
    await expect.poll(() => second).toEqual(['committed']);
    expect(first).toEqual(['committed']);
    expect(other).toEqual([]);

    stopFirst();
    await notify(database.db, 'test_channel', 'again');
    await expect.poll(() => second).toEqual(['committed', 'again']);
    expect(first).toEqual(['committed']);
  });

  it('refuse a channel name that is not a plain identifier', async () => {
    await expect(realtime.subscribe('bad"; drop table users; --', () => {})).rejects.toThrow(
      /invalid notification channel/,
    );
    await expect(notify(database.db, 'Bad Channel')).rejects.toThrow(
      /invalid notification channel/,
    );
  });
});
