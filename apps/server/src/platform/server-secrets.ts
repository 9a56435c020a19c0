/**
 * Random keys the server makes once and every process shares, by name (the `server_secrets` table,
 * migration 0015, decision 025): the first process to ask inserts one, a racing second finds it.
 * Each caller keeps its key for the life of the process.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** The shared key called `name`, made on first use (32 random bytes). */
export async function sharedSecret(db: Database, name: string): Promise<Buffer> {
  // Two statements: the second's snapshot sees a key another process committed meanwhile.
  await db.execute(sql`
    insert into server_secrets (name, secret)
    values (${name}, ${randomBytes(32).toString('base64url')})
    on conflict (name) do nothing`);
  const { rows } = await db.execute<{ secret: string }>(
    sql`select secret from server_secrets where name = ${name}`,
  );
  const secret = rows[0]?.secret;
  if (!secret) throw new Error(`no server secret ${name} after creating one`);
  return Buffer.from(secret, 'base64url');
}

/** A key loaded once per process and shared by every caller (a failed load is tried again). */
export function lazySecret(db: Database, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    key ??= sharedSecret(db, name).catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  };
}
