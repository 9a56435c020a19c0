/**
 * Access tokens (DESIGN.md §3, decision 003): ES256 JWTs valid 15 minutes, verifiable by anyone with
 * the public keys at /.well-known/jwks.json, and by this server without a database read. A token
 * names its session (`sid`) and the user's token version it was issued under (`ver`), so the server
 * can refuse it once the session has ended or the roles in it have changed (decision 023,
 * auth.revocations.ts).
 */
import { ROLES, type Role } from '@adreel/domain';
import { createLocalJWKSet, errors, type JWTVerifyGetKey, jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import { ACCESS_TOKEN_ALGORITHM, fixedKeyRing, type KeyRing, type SigningKeys } from './auth.keys';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const AUDIENCE = 'authenticated';
/** A sign-in ticket proves the password was right; it is good only for answering the second factor. */
const MFA_TICKET_AUDIENCE = 'mfa_challenge';
export const MFA_TICKET_TTL_SECONDS = 5 * 60;

export type AssuranceLevel = 'aal1' | 'aal2';

/** Who is calling: what a verified access token says. */
export interface AuthContext {
  userId: string;
  sessionId: string;
  email: string;
  roles: Role[];
  aal: AssuranceLevel;
  /**
   * Whether the account's address was proven when the token was issued. An unproven session may
   * only look after its own sign-in and data (decision 022, "What an unproven session may do"); the
   * first proof raises the token version, so a token never says false for longer than a refresh.
   */
  emailVerified: boolean;
  /** `users.token_version` when the token was issued: a change of roles raises it (decision 023). */
  tokenVersion: number;
}

const claimsSchema = z.object({
  sub: z.uuid(),
  sid: z.uuid(),
  email: z.string(),
  roles: z.array(z.enum(ROLES)),
  aal: z.enum(['aal1', 'aal2']),
  // Required: a token issued before the claim existed fails as expired, and the client refreshes.
  ev: z.boolean(),
  // Tokens issued before decision 023 carry none: version 0, as every user had then.
  ver: z.number().int().nonnegative().default(0),
});

export interface IssuedAccessToken {
  token: string;
  /** Epoch seconds, as SPEC.md §3's session.expires_at. */
  expiresAt: number;
}

/**
 * Signs with the ring's active key and verifies against every key it publishes. A token whose key
 * id is unknown here (signed by another process that has already seen a rotation) makes the ring
 * reload once before the token is refused.
 */
export function createTokenService(keysOrRing: SigningKeys | KeyRing, issuer: string) {
  const ring = 'current' in keysOrRing ? keysOrRing : fixedKeyRing(keysOrRing);
  let jwksFor: SigningKeys | null = null;
  let localSet: JWTVerifyGetKey = () => {
    throw new Error('unreachable');
  };
  const keySet = (): JWTVerifyGetKey => {
    const keys = ring.current();
    if (jwksFor !== keys) {
      jwksFor = keys;
      localSet = createLocalJWKSet({ keys: keys.publicJwks });
    }
    return localSet;
  };
  const verifyKey: JWTVerifyGetKey = async (header, token) => {
    try {
      return await keySet()(header, token);
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
      await ring.refresh();
      return keySet()(header, token);
    }
  };

  return {
    jwks: () => ({ keys: ring.current().publicJwks }),

    async issue(context: AuthContext, now = Date.now()): Promise<IssuedAccessToken> {
      const keys = ring.current();
      const issuedAt = Math.floor(now / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({
        sid: context.sessionId,
        email: context.email,
        roles: context.roles,
        aal: context.aal,
        ev: context.emailVerified,
        ver: context.tokenVersion,
      })
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
        .setSubject(context.userId)
        .setIssuer(issuer)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(keys.privateKey);
      return { token, expiresAt };
    },

    async issueMfaTicket(userId: string, now = Date.now()): Promise<string> {
      const keys = ring.current();
      const issuedAt = Math.floor(now / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: keys.kid, typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(issuer)
        .setAudience(MFA_TICKET_AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + MFA_TICKET_TTL_SECONDS)
        .sign(keys.privateKey);
    },

    /** The user a sign-in ticket was issued to, or null when it is forged or expired. */
    async verifyMfaTicket(ticket: string): Promise<string | null> {
      try {
        const { payload } = await jwtVerify(ticket, verifyKey, {
          issuer,
          audience: MFA_TICKET_AUDIENCE,
          algorithms: [ACCESS_TOKEN_ALGORITHM],
        });
        return z.uuid().parse(payload.sub);
      } catch {
        return null;
      }
    },

    /** The caller a token names, or null when it is forged, expired or malformed. */
    async verify(token: string): Promise<AuthContext | null> {
      try {
        const { payload } = await jwtVerify(token, verifyKey, {
          issuer,
          audience: AUDIENCE,
          algorithms: [ACCESS_TOKEN_ALGORITHM],
        });
        const claims = claimsSchema.parse(payload);
        return {
          userId: claims.sub,
          sessionId: claims.sid,
          email: claims.email,
          roles: claims.roles,
          aal: claims.aal,
          emailVerified: claims.ev,
          tokenVersion: claims.ver,
        };
      } catch {
        return null;
      }
    },
  };
}
export type TokenService = ReturnType<typeof createTokenService>;
