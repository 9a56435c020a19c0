/**
 * Rotating the access-token signing key (docs/operations.md): a new key signs from then on, tokens
 * signed by the old one keep working until they expire, another process that has not reloaded yet
 * accepts the new key's tokens at once, and a key retired long ago is deleted and then refused.
 */
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createKeyRing,
  loadSigningKeys,
  RETIRED_KEY_RETENTION_MS,
  rotateSigningKey,
} from '../../src/modules/auth/auth.keys';
import { createTokenService } from '../../src/modules/auth/auth.tokens';
import { createTestApp, type TestApp } from '../support/app';
import { createUser } from '../support/factories';

let ctx: TestApp;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const PASSWORD = 'open sesame';

async function signIn(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return res.json().session.access_token;
}

function sessionsWith(token: string) {
  return ctx.app.inject({
    url: '/api/account/sessions',
    headers: { authorization: `Bearer ${token}` },
  });
}

const kidOf = (token: string) => decodeProtectedHeader(token).kid;

describe('rotating the JWT signing key', () => {
  it('keeps old tokens valid, takes the new key everywhere, and drops keys retired long ago', async () => {
    const { db } = ctx.database;
    const user = await createUser(db, { password: PASSWORD });
    const before = await signIn(user.email);
    const oldKid = kidOf(before);

    const rotation = await rotateSigningKey(db);
    expect(rotation).toMatchObject({ retiredKid: oldKid, deletedKids: [] });
    expect(rotation.kid).not.toBe(oldKid);

    // Another process that has already reloaded signs with the new key; this one has not reloaded
    // yet and still accepts the token (an unknown key id makes it reload once).
    const otherProcess = createTokenService(await loadSigningKeys(db), 'http://localhost:3000');
    const sessionId = (await sessionsWith(before)).json().sessions[0].id as string;
    const { token: fromOther } = await otherProcess.issue({
      userId: user.id,
      sessionId,
      email: user.email,
      roles: user.roles,
      aal: 'aal1',
      emailVerified: true,
      tokenVersion: decodeJwt(before).ver as number,
    });
    expect(kidOf(fromOther)).toBe(rotation.kid);
    expect((await sessionsWith(fromOther)).statusCode).toBe(200);

    // The old key's token still works, and both keys are published.
    expect((await sessionsWith(before)).statusCode).toBe(200);
    const jwks = (await ctx.app.inject('/.well-known/jwks.json')).json() as {
      keys: { kid: string; d?: string }[];
    };
    expect(jwks.keys.map((key) => key.kid).sort()).toEqual([oldKid, rotation.kid].sort());
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);

    // Having reloaded, this process now signs new sessions with the new key.
    expect(kidOf(await signIn(user.email))).toBe(rotation.kid);

    // A second rotation well after the retention deletes the first key; a process that reloads
    // refuses what it signed, and accepts what the current keys signed.
    const ring = await createKeyRing(db, { refreshMs: 0, minGapMs: 0 });
    const verifier = createTokenService(ring, 'http://localhost:3000');
    expect(await verifier.verify(before)).not.toBeNull();
    const later = new Date(Date.now() + RETIRED_KEY_RETENTION_MS + 60_000);
    const second = await rotateSigningKey(db, { now: later });
    expect(second).toMatchObject({ retiredKid: rotation.kid, deletedKids: [oldKid] });
    await ring.refresh();
    expect(await verifier.verify(before)).toBeNull();
    expect(await verifier.verify(fromOther)).not.toBeNull();

    // A compromised key: rotating with dropRetired deletes it at once.
    const third = await rotateSigningKey(db, { dropRetired: true });
    expect(third.retiredKid).toBe(second.kid);
    expect(third.deletedKids.sort()).toEqual([rotation.kid, second.kid].sort());
    await ring.refresh();
    expect(await verifier.verify(fromOther)).toBeNull();
    expect((await loadSigningKeys(db)).publicJwks.map((key) => key.kid)).toEqual([third.kid]);
    ring.close();
  });

  it('reloads at most once per gap for unknown key ids, so forged ones cannot hammer the database', async () => {
    const { db } = ctx.database;
    const ring = await createKeyRing(db, { refreshMs: 0, minGapMs: 60_000 });
    const verifier = createTokenService(ring, 'http://localhost:3000');
    const user = await createUser(db);
    const claims = {
      userId: user.id,
      sessionId: crypto.randomUUID(),
      email: user.email,
      roles: user.roles,
      aal: 'aal1' as const,
      emailVerified: true,
      tokenVersion: 0,
    };
    const signer = createTokenService(await loadSigningKeys(db), 'http://localhost:3000');
    const { token } = await signer.issue(claims);
    // A token with a made-up key id: the ring reloads once to look for it, and refuses it.
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const forgedHeader = Buffer.from(
      JSON.stringify({ ...decodeProtectedHeader(token), kid: 'made-up' }),
    ).toString('base64url');
    expect(header).not.toBe(forgedHeader);
    expect(await verifier.verify(`${forgedHeader}.${payload}.${signature}`)).toBeNull();
    await rotateSigningKey(db);
    const fresh = createTokenService(await loadSigningKeys(db), 'http://localhost:3000');
    const signedByNew = await fresh.issue(claims);
    // Within the gap after that reload it does not go to the database again: the new key is
    // unknown to it for now (its timer would bring it in), while the old key still verifies.
    expect(await verifier.verify(signedByNew.token)).toBeNull();
    expect(await verifier.verify(token)).not.toBeNull();
    ring.close();
  });
});
