import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../../src/db/client';
import { mailOutbox } from '../../src/db/schema';

/** The newest mail of a kind to an address, as the recipient would read it. */
export async function lastMailTo(db: Database, to: string, kind: string) {
  const [mail] = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  return mail;
}

/** The token of the link in the newest mail of a kind, as a person following the link would use it. */
export async function linkTokenFrom(db: Database, to: string, kind: string): Promise<string> {
  const mail = await lastMailTo(db, to, kind);
  const token = mail?.textBody.match(/[?&]token=([^\s&]+)/)?.[1];
  if (!token) throw new Error(`no ${kind} link mailed to ${to}`);
  return decodeURIComponent(token);
}
