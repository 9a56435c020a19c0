/**
 * Impression tokens (issue 16, decision 030): each video of a feed page is served with a token that
 * says "this viewer was shown this video at this time", signed with a key every process shares
 * (platform/server-secrets.ts). A metric event counts only with a valid token of its video and
 * viewer. The token is `<issue time, ms, base 36>.<HMAC-SHA256 truncated to 16 bytes, base64url>`:
 * the video and the viewer are not in it but under the MAC, so it is short and tells nothing.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { IMPRESSION_TOKEN_TTL_MINUTES, type InvalidTrafficReason } from '@adreel/domain';
import type { Database } from '../../db/client';
import { lazySecret } from '../../platform/server-secrets';

const SECRET_NAME = 'impression_token';
const MAC_BYTES = 16;
export const IMPRESSION_TTL_MS = IMPRESSION_TOKEN_TTL_MINUTES * 60_000;
/** A token issued this far in the future (clocks of two processes) is still taken. */
const FUTURE_SKEW_MS = 5_000;
const TOKEN_PATTERN = /^([0-9a-z]{1,11})\.([A-Za-z0-9_-]{22})$/;

export type TokenCheck =
  | { ok: true; issuedAt: number; mac: Buffer }
  | { ok: false; reason: Extract<InvalidTrafficReason, 'missing_token' | 'invalid_token'> };

function mac(key: Buffer, videoId: string, viewerKey: string, issuedAt: number): Buffer {
  return createHmac('sha256', key)
    .update(`imp1\n${videoId}\n${viewerKey}\n${issuedAt}`)
    .digest()
    .subarray(0, MAC_BYTES);
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
}

const signers = new WeakMap<Database, ImpressionSigner>();

/** The signer of this database's key (one per database, so every route shares its cached key). */
export function impressionSigner(db: Database): ImpressionSigner {
  const known = signers.get(db);
  if (known) return known;
  const key = lazySecret(db, SECRET_NAME);
  const signer: ImpressionSigner = {
    async issue(viewerKey, videoIds, now) {
      const secret = await key();
      const issuedAt = now.getTime();
      const stamp = issuedAt.toString(36);
      const tokens: Record<string, string> = {};
      for (const id of videoIds)
        tokens[id] = `${stamp}.${mac(secret, id, viewerKey, issuedAt).toString('base64url')}`;
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
      const given = Buffer.from(parsed[2] ?? '', 'base64url');
      if (given.length !== MAC_BYTES) return { ok: false, reason: 'invalid_token' };
      const secret = await key();
      for (const viewerKey of viewerKeys)
        if (timingSafeEqual(given, mac(secret, videoId, viewerKey, issuedAt)))
          return { ok: true, issuedAt, mac: given };
      return { ok: false, reason: 'invalid_token' };
    },
  };
  signers.set(db, signer);
  return signer;
}
