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
import { serverSecrets } from '../../db/schema';
import {
  RATE_LIMITS,
  RateLimitedError,
  type RateLimiter,
  type RateLimitRule,
} from '../../platform/rate-limit';

/** How many accounts one browser's device cookie remembers (a shared computer, demo accounts). */
const DEVICE_COOKIE_ACCOUNTS = 5;
const SECRET_NAME = 'device_cookie';

/** One account's entry: `<user id>.<nonce>.<HMAC-SHA256 of both>`, all URL-safe. */
interface DeviceEntry {
  userId: string;
  nonce: string;
  raw: string;
}

/** What the caller does once the password has been checked. */
export interface SignInAttempt {
  /** The password was wrong (or the account unknown): the wait starts now. */
  failed(): Promise<void>;
  /**
   * The password was right: the attempt is taken back, and the answer is the device cookie to set
   * (a new entry for this account first, the browser's other accounts kept).
   */
  succeeded(userId: string): Promise<string>;
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

  const mac = (secret: Buffer, userId: string, nonce: string) =>
    createHmac('sha256', secret).update(`device:${userId}.${nonce}`).digest();

  /** The entries of a device cookie whose signature holds; anything else is ignored. */
  async function entriesOf(cookie: string | undefined): Promise<DeviceEntry[]> {
    if (!cookie) return [];
    const secret = await deviceKey();
    const entries: DeviceEntry[] = [];
    for (const raw of cookie.split('~').slice(0, DEVICE_COOKIE_ACCOUNTS)) {
      const [userId, nonce, signature, extra] = raw.split('.');
      if (!userId || !nonce || !signature || extra !== undefined) continue;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(secret, userId, nonce);
      if (given.length === expected.length && timingSafeEqual(given, expected)) {
        entries.push({ userId, nonce, raw });
      }
    }
    return entries;
  }

  async function newEntry(userId: string): Promise<string> {
    const nonce = randomBytes(16).toString('base64url');
    return `${userId}.${nonce}.${mac(await deviceKey(), userId, nonce).toString('base64url')}`;
  }

  return {
    /**
     * Lets the attempt through, or throws a 429 saying how long to wait. `userId` is the account
     * the email names, if any: a device cookie counts only for the account it was made for.
     * Unknown emails are counted like known ones, so the answers tell nothing about who has one.
     */
    async enter(input: {
      email: string;
      userId: string | undefined;
      ip: string | null;
      deviceCookie: string | undefined;
    }): Promise<SignInAttempt> {
      const entries = await entriesOf(input.deviceCookie);
      const device = input.userId
        ? entries.find((entry) => entry.userId === input.userId)
        : undefined;
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
        async succeeded(userId) {
          if (device) await rateLimiter.forgive(RATE_LIMITS.signInPerDevice, device.nonce);
          else {
            await rateLimiter.forgive(RATE_LIMITS.signInPerAccount, input.email);
            await rateLimiter.refund(RATE_LIMITS.signInPerIp, input.ip ?? 'unknown');
          }
          // A new nonce after every success, as OWASP's page advises.
          const own = await newEntry(userId);
          const others = entries.filter((entry) => entry.userId !== userId).map((e) => e.raw);
          return [own, ...others].slice(0, DEVICE_COOKIE_ACCOUNTS).join('~');
        },
      };
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
