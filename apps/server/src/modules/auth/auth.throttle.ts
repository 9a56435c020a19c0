/**
 * Password sign-in throttling that a stranger cannot turn into a lockout
 * (docs/decisions/025-sign-in-throttling.md; OWASP "Slow down online guessing attacks with device
 * cookies"). Only failures count, and they slow down rather than wall off:
 * - a browser that has given this account's right password before holds a device cookie for it and
 *   is counted on its own (signInPerDevice), whatever strangers do to the account;
 * - any other client is counted per account (signInPerAccount) and per IP (signInPerIp).
 * Past the free failures each attempt waits 1 s, 2 s, 4 s… (platform/rate-limit.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { signInThrottledMessage } from '@adreel/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serverSecrets } from '../../db/schema/throttle';
import {
  RATE_LIMITS,
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
} from '../../platform/rate-limit';

/** How many accounts one browser's device cookie remembers (a shared computer, demo accounts). */
const DEVICE_COOKIE_ACCOUNTS = 5;
const SECRET_NAME = 'device_cookie';

/**
 * One account's entry: `<user id>.<nonce>.<HMAC-SHA256>`, all URL-safe. The HMAC covers the user
 * id, the nonce and the account's current password hash: a new password (a reset by the mailbox's
 * owner included) ends every device cookie made before it.
 */
interface DeviceEntry {
  userId: string;
  nonce: string;
  signature: Buffer;
  raw: string;
}

/** The account a sign-in names, as far as throttling needs it. */
export interface ThrottledAccount {
  id: string;
  passwordHash: string | null;
}

/** What the caller does once the password has been checked. */
export interface SignInAttempt {
  /** The password was wrong (or the account unknown): the wait starts now. */
  failed(): Promise<void>;
  /**
   * The password was right: the attempt is taken back, and the answer is the device cookie to set
   * (a new entry for this account first, the browser's other accounts kept).
   */
  succeeded(account: ThrottledAccount): Promise<string>;
}

export function createSignInThrottle(db: Database, rateLimiter: RateLimiter) {
  let key: Promise<Buffer> | undefined;

  /** The HMAC key every process shares, made on first use (two processes racing: one insert wins). */
  function deviceKey(): Promise<Buffer> {
    key ??= (async () => {
      await db
        .insert(serverSecrets)
        .values({ name: SECRET_NAME, secret: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db
        .select({ secret: serverSecrets.secret })
        .from(serverSecrets)
        .where(eq(serverSecrets.name, SECRET_NAME));
      if (!row) throw new Error('no device cookie key after creating one');
      return Buffer.from(row.secret, 'base64url');
    })().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  }

  const mac = async (account: ThrottledAccount, nonce: string) =>
    createHmac('sha256', await deviceKey())
      .update(`device:${account.id}.${nonce}.${account.passwordHash ?? ''}`)
      .digest();

  /** The well-formed entries of a device cookie (signatures are checked where one is used). */
  function entriesOf(cookie: string | undefined): DeviceEntry[] {
    const entries: DeviceEntry[] = [];
    for (const raw of (cookie ?? '').split('~').slice(0, DEVICE_COOKIE_ACCOUNTS)) {
      const [userId, nonce, signature, extra] = raw.split('.');
      if (!userId || !nonce || !signature || extra !== undefined) continue;
      entries.push({ userId, nonce, signature: Buffer.from(signature, 'base64url'), raw });
    }
    return entries;
  }

  /** The cookie's entry for this account whose signature holds, if any. */
  async function deviceFor(
    entries: DeviceEntry[],
    account: ThrottledAccount | undefined,
  ): Promise<DeviceEntry | undefined> {
    if (!account?.passwordHash) return undefined;
    for (const entry of entries) {
      if (entry.userId !== account.id) continue;
      const expected = await mac(account, entry.nonce);
      if (entry.signature.length === expected.length && timingSafeEqual(entry.signature, expected))
        return entry;
    }
    return undefined;
  }

  async function newEntry(account: ThrottledAccount): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    return `${account.id}.${nonce}.${(await mac(account, nonce)).toString('base64url')}`;
  }

  return {
    /**
     * The nonce of the cookie's entry for this account when the browser has given its right
     * password before (and since its last change), else undefined.
     */
    async knownDevice(
      account: ThrottledAccount,
      deviceCookie: string | undefined,
    ): Promise<string | undefined> {
      return (await deviceFor(entriesOf(deviceCookie), account))?.nonce;
    },

    /**
     * Lets the attempt through, or throws a 429 saying how long to wait. `account` is the one the
     * email names, if any: a device cookie counts only for the account (and password) it was made
     * for. Unknown emails are counted like known ones, so the answers tell nothing about who has one.
     */
    async enter(input: {
      email: string;
      account: ThrottledAccount | undefined;
      ip: string | null;
      deviceCookie: string | undefined;
    }): Promise<SignInAttempt> {
      const entries = entriesOf(input.deviceCookie);
      const device = await deviceFor(entries, input.account);
      const counted: Array<readonly [RateLimitRule, string]> = device
        ? [[RATE_LIMITS.signInPerDevice, device.nonce]]
        : [
            [RATE_LIMITS.signInPerAccount, input.email],
            [RATE_LIMITS.signInPerIp, input.ip ?? 'unknown'],
          ];
      const wait = await rateLimiter.enterBackoff(counted);
      if (wait > 0) throw new RateLimitedError(wait, signInThrottledMessage(wait));
      return {
        failed: () => rateLimiter.failed(counted),
        async succeeded(account) {
          if (device) await rateLimiter.forgive(RATE_LIMITS.signInPerDevice, device.nonce);
          else {
            await rateLimiter.forgive(RATE_LIMITS.signInPerAccount, input.email);
            await rateLimiter.refund(RATE_LIMITS.signInPerIp, input.ip ?? 'unknown');
          }
          // A new nonce after every success, as OWASP's page advises.
          const own = await newEntry(account);
          const others = entries.filter((entry) => entry.userId !== account.id).map((e) => e.raw);
          return [own, ...others].slice(0, DEVICE_COOKIE_ACCOUNTS).join('~');
        },
      };
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
