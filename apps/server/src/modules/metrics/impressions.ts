/**
 * Impression tokens (issue 16, decision 030): each video of a feed page is served with a token that
 * says "this viewer was shown this video at this time", signed with a key every process shares
 * (platform/server-secrets.ts). A metric event counts only with a valid token of its video and
 * viewer. The token is `<issue time, ms, base 36>.<tag>`: a page key is derived for the viewer and
 * the issue time, HMAC-SHA256(key, viewer, time), and each video's tag is SHA-256(page key ‖ video
 * id) cut to 22 base64url characters (132 bits; a cut digest of a fixed-length message under a
 * secret prefix cannot be extended). The video and the viewer are not in the token but under the
 * tag, so it is short and tells nothing; and a page costs one HMAC and one hash per video (the feed
 * signs 20 per request after its cache: one HMAC per video cost 7 times as much).
 */
import { hash, timingSafeEqual } from 'node:crypto';
import { IMPRESSION_TOKEN_TTL_MINUTES, type InvalidTrafficReason } from '@adreel/domain';
import type { Database } from '../../db/client';
import { lazySecret } from '../../platform/server-secrets';

const SECRET_NAME = 'impression_token';
const AUDIT_SECRET_NAME = 'traffic_audit';
export const IMPRESSION_TTL_MS = IMPRESSION_TOKEN_TTL_MINUTES * 60_000;
/** A token issued this far in the future (clocks of two processes) is still taken. */
const FUTURE_SKEW_MS = 5_000;
const TOKEN_PATTERN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

export type TokenCheck =
  | { ok: true; issuedAt: number; mac: Buffer }
  | { ok: false; reason: Extract<InvalidTrafficReason, 'missing_token' | 'invalid_token'> };

const BLOCK = 64;

/**
 * HMAC-SHA256 (RFC 2104) with the key's pads made once: two one-shot hashes per message. Node's
 * createHmac costs 3–4 times as much per call (an object and the key schedule every time), and the
 * feed signs 20 tokens per page.
 */
export function hmacSha256(key: Buffer): (message: string) => Buffer {
  if (key.length > BLOCK) throw new Error('an HMAC key longer than a block must be hashed first');
  const ipad = Buffer.alloc(BLOCK, 0x36);
  const opad = Buffer.alloc(BLOCK, 0x5c);
  for (let i = 0; i < key.length; i += 1) {
    ipad[i] = (ipad[i] ?? 0) ^ (key[i] ?? 0);
    opad[i] = (opad[i] ?? 0) ^ (key[i] ?? 0);
  }
  return (message) => {
    const inner = hash('sha256', Buffer.concat([ipad, Buffer.from(message)]), 'buffer');
    return hash('sha256', Buffer.concat([opad, inner]), 'buffer');
  };
}

type Mac = (message: string) => Buffer;

const TAG_CHARS = 22;
const RECENT_PAGES = 1024;

/** The key of one viewer's page issued at one time (hex). */
function pageKey(sign: Mac, viewerKey: string, issuedAt: number): string {
  return sign(`imp2\n${viewerKey}\n${issuedAt}`).toString('hex');
}

/** A video's tag under a page key. */
function tag(page: string, videoId: string): string {
  return hash('sha256', page + videoId, 'base64url').slice(0, TAG_CHARS);
}

export interface ImpressionSigner {
  /** Tokens for these videos, for this viewer, issued now. */
  issue(viewerKey: string, videoIds: readonly string[], now: Date): Promise<Record<string, string>>;
  /**
   * Whether `token` was issued for this video to one of these viewer keys (a signed-in viewer's
   * beacon carries only the device id), and is not expired.
   */
  check(
    token: string | undefined,
    videoId: string,
    viewerKeys: readonly string[],
    now: Date,
  ): Promise<TokenCheck>;
  /**
   * A keyed hash (16 bytes, hex) that tells one viewer (or address) from another in the filtered
   * traffic without naming it.
   */
  auditHash(kind: 'viewer' | 'ip', value: string): Promise<string>;
  /**
   * Loads both keys (once per process): called before a transaction that may need them, since
   * PGlite's one connection cannot read a key while that transaction holds it.
   */
  ready(): Promise<void>;
}

const signers = new WeakMap<Database, ImpressionSigner>();

/** The signer of this database's key (one per database, so every route shares its cached key). */
export function impressionSigner(db: Database): ImpressionSigner {
  const known = signers.get(db);
  if (known) return known;
  const loadKey = lazySecret(db, SECRET_NAME);
  let signing: Promise<Mac> | undefined;
  const key = () => {
    signing ??= loadKey().then(hmacSha256);
    signing.catch(() => {
      signing = undefined;
    });
    return signing;
  };
  const loadAuditKey = lazySecret(db, AUDIT_SECRET_NAME);
  let auditing: Promise<Mac> | undefined;
  const auditKey = () => {
    auditing ??= loadAuditKey().then(hmacSha256);
    auditing.catch(() => {
      auditing = undefined;
    });
    return auditing;
  };
  // The page keys checked lately: a batch's events mostly come from one page (one HMAC for all).
  const recentPages = new Map<string, string>();
  const pageKeyOf = (sign: Mac, viewerKey: string, issuedAt: number) => {
    const id = `${viewerKey}\n${issuedAt}`;
    let page = recentPages.get(id);
    if (page === undefined) {
      page = pageKey(sign, viewerKey, issuedAt);
      if (recentPages.size >= RECENT_PAGES) recentPages.clear();
      recentPages.set(id, page);
    }
    return page;
  };
  const signer: ImpressionSigner = {
    async issue(viewerKey, videoIds, now) {
      const secret = await key();
      const issuedAt = now.getTime();
      const stamp = issuedAt.toString(36);
      const page = pageKey(secret, viewerKey, issuedAt);
      const tokens: Record<string, string> = {};
      for (const id of videoIds) tokens[id] = `${stamp}.${tag(page, id)}`;
      return tokens;
    },
    async check(token, videoId, viewerKeys, now) {
      if (!token) return { ok: false, reason: 'missing_token' };
      const parsed = TOKEN_PATTERN.exec(token);
      if (!parsed) return { ok: false, reason: 'invalid_token' };
      const issuedAt = Number.parseInt(parsed[1] ?? '', 36);
      const age = now.getTime() - issuedAt;
      if (!Number.isSafeInteger(issuedAt) || age > IMPRESSION_TTL_MS || age < -FUTURE_SKEW_MS)
        return { ok: false, reason: 'invalid_token' };
      const given = Buffer.from(parsed[2] ?? '', 'latin1');
      const secret = await key();
      for (const viewerKey of viewerKeys) {
        const expected = Buffer.from(
          tag(pageKeyOf(secret, viewerKey, issuedAt), videoId),
          'latin1',
        );
        if (expected.length === given.length && timingSafeEqual(given, expected))
          // The tag's 16 whole bytes key the token's uses.
          return { ok: true, issuedAt, mac: Buffer.from(parsed[2] ?? '', 'base64url') };
      }
      return { ok: false, reason: 'invalid_token' };
    },
    async auditHash(kind, value) {
      return (await auditKey())(`${kind}\n${value}`).subarray(0, 16).toString('hex');
    },
    async ready() {
      await Promise.all([key(), auditKey()]);
    },
  };
  signers.set(db, signer);
  return signer;
}
