/**
 * The actors of the permission matrix and the rows they own, on one app and database per file.
 * `admin` is a real two-factor admin (signed in, TOTP enrolled and verified: aal2); the
 * `adminMfaPending` actor is the same account after only the password step of a new sign-in.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@adreel/domain';
import { decodeJwt } from 'jose';
import { generate } from 'otplib';
import { identities, mfaFactors, reports, submissions, transactions } from '../../src/db/schema';
import { RATE_LIMITS, type RateLimitOverrides } from '../../src/platform/rate-limit';
import { createTestApp, type TestApp } from '../support/app';
import { signInAs } from '../support/auth';
import { createCampaign, createUser, createVideo, type TestUser } from '../support/factories';
import type { Actor } from './matrix';

export const PASSWORD = 'matrix password';
export type Headers = Record<string, string>;

/** Every limit out of the way: the matrix sends far more requests from one address than a person. */
const NO_LIMITS = Object.fromEntries(
  Object.keys(RATE_LIMITS).map((name) => [name, 1_000_000]),
) as RateLimitOverrides;

type Person = Exclude<Actor, 'signedOut' | 'adminMfaPending' | 'adminAal1'>;
const ROLE_OF: Record<Person, Role> = {
  unproven: 'creator',
  viewer: 'viewer',
  creatorA: 'creator',
  creatorB: 'creator',
  brandA: 'brand',
  brandB: 'brand',
  admin: 'admin',
};

/** The code an authenticator app shows `steps` periods of 30 s from now. */
export function totpCode(secret: string, steps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
}

export function unique(): string {
  return randomBytes(5).toString('hex');
}

export interface World {
  t: TestApp;
  db: TestApp['database']['db'];
  /** Where the app listens, for event streams (inject waits for a response to end). */
  baseUrl: string;
  users: Record<Person, TestUser>;
  /** The headers each actor sends: none when signed out, the ticket as a bearer token when pending. */
  headers: Record<Actor, Headers>;
  /** A new sign-in ticket of the two-factor admin (tickets live 5 minutes). */
  freshTicket(): Promise<string>;
  /**
   * Renews the pending admin's bearer ticket when it is near its 5 minutes, so a refusal is for
   * what the ticket is, never for its age.
   */
  keepTicketFresh(): Promise<void>;
  adminFactors: { totpSecret: string; totpId: string; phoneId: string };
  /** Rows of A that B must not see in its lists. */
  rowsOfA: {
    videoId: string;
    campaignId: string;
    submissionId: string;
    transactionId: string;
    /** Creator A's: its session, a report it filed, an identity it linked. */
    sessionId: string;
    reportId: string;
    identityId: string;
  };
  mediaPath: string;
  /** The app's DATA_DIR (uploads' originals live in its uploads folder). */
  dataDir: string;
  /** A new user holding `actor`'s role, signed in, for requests that end or change the caller. */
  standIn(actor: Actor, options?: { password?: boolean }): Promise<Headers>;
  close(): Promise<void>;
}

function bearer(token: string): Headers {
  return { authorization: `Bearer ${token}` };
}

async function signIn(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signin',
    payload: { email, password: PASSWORD },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * The admin signs in with the password, enrols a TOTP app and verifies it: an aal2 session. A
 * session it opened before that stays aal1.
 */
async function twoFactorAdmin(t: TestApp, admin: TestUser) {
  const earlier = await signIn(t, admin.email);
  const first = await signIn(t, admin.email);
  const aal1 = bearer(first.session.access_token);
  const enrolled = await t.app.inject({
    method: 'POST',
    url: '/api/factors',
    headers: aal1,
    payload: { factor_type: 'totp', friendly_name: 'Phone app' },
  });
  if (enrolled.statusCode !== 201) throw new Error(`enrol failed: ${enrolled.body}`);
  const { id: totpId, totp } = enrolled.json();
  const verified = await t.app.inject({
    method: 'POST',
    url: `/api/factors/${totpId}/verify`,
    headers: aal1,
    payload: { code: await totpCode(totp.secret) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  // A phone factor too, so the phone second step has something to text (codes go to the outbox).
  const [phone] = await t.database.db
    .insert(mfaFactors)
    .values({
      userId: admin.id,
      factorType: 'phone',
      friendlyName: 'Work phone',
      phone: '+14155550123',
      verifiedAt: new Date(),
    })
    .returning();
  if (!phone) throw new Error('insert into mfa_factors returned no row');
  return {
    headers: bearer(verified.json().session.access_token),
    aal1Headers: bearer(earlier.session.access_token),
    factors: { totpSecret: totp.secret as string, totpId: totpId as string, phoneId: phone.id },
  };
}

export async function createWorld(env: NodeJS.ProcessEnv): Promise<World> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'adreel-matrix-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...env }, { rateLimits: NO_LIMITS });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const db = t.database.db;

  const users = {} as Record<Person, TestUser>;
  for (const [actor, role] of Object.entries(ROLE_OF) as Array<[Person, Role]>)
    users[actor] = await createUser(db, {
      role,
      password: PASSWORD,
      username: `${actor}_${unique()}`,
      emailVerified: actor !== 'unproven',
    });

  const admin = await twoFactorAdmin(t, users.admin);
  const freshTicket = async () => {
    const answer = await signIn(t, users.admin.email);
    if (!answer.mfa?.ticket) throw new Error('the two-factor admin got no ticket');
    return answer.mfa.ticket as string;
  };
  let ticketAt = Date.now();
  const ticket = await freshTicket();

  const headers = {
    signedOut: {},
    adminMfaPending: bearer(ticket),
    admin: admin.headers,
    adminAal1: admin.aal1Headers,
  } as Record<Actor, Headers>;
  for (const actor of ['viewer', 'creatorA', 'creatorB', 'brandA', 'brandB'] as const)
    headers[actor] = await signInAs(t, users[actor]);
  // Signed in with its password, as a stranger who signed up with someone's address would be.
  headers.unproven = bearer((await signIn(t, users.unproven.email)).session.access_token);

  // A's rows, for the lists B must not see them in.
  const campaign = await createCampaign(db, { brandId: users.brandA.id });
  const video = await createVideo(db, {
    creatorId: users.creatorA.id,
    campaignId: campaign.id,
    status: 'approved',
  });
  const [submission] = await db
    .insert(submissions)
    .values({
      campaignId: campaign.id,
      creatorId: users.creatorA.id,
      videoId: video.id,
      status: 'approved_by_brand',
      decidedAt: new Date(),
    })
    .returning();
  const [transaction] = await db
    .insert(transactions)
    .values({
      campaignId: campaign.id,
      videoId: video.id,
      brandId: users.brandA.id,
      creatorId: users.creatorA.id,
      amountCents: campaign.payoutPerVideoCents,
      type: 'booking',
    })
    .returning();
  if (!submission || !transaction) throw new Error('insert returned no row');
  const [report] = await db
    .insert(reports)
    .values({ videoId: video.id, reporterId: users.creatorA.id, reason: 'Matrix report' })
    .returning();
  const [identity] = await db
    .insert(identities)
    .values({ userId: users.creatorA.id, provider: 'test', subject: unique() })
    .returning();
  if (!report || !identity) throw new Error('insert returned no row');
  const sessionId = decodeJwt(headers.creatorA.authorization?.slice('Bearer '.length) ?? '').sid;

  // A processed file in storage (local driver: DATA_DIR/media), as processing leaves one.
  mkdirSync(path.join(dataDir, 'media', 'videos'), { recursive: true });
  writeFileSync(path.join(dataDir, 'media', 'videos', 'matrix.mp4'), Buffer.alloc(1024, 7));

  return {
    t,
    db,
    dataDir,
    baseUrl,
    users,
    headers,
    freshTicket,
    async keepTicketFresh() {
      if (Date.now() - ticketAt < 3 * 60_000) return;
      headers.adminMfaPending = bearer(await freshTicket());
      ticketAt = Date.now();
    },
    adminFactors: admin.factors,
    rowsOfA: {
      videoId: video.id,
      campaignId: campaign.id,
      submissionId: submission.id,
      transactionId: transaction.id,
      sessionId: String(sessionId),
      reportId: report.id,
      identityId: identity.id,
    },
    mediaPath: '/media/videos/matrix.mp4',
    async standIn(actor, options = {}) {
      if (actor === 'signedOut' || actor === 'adminMfaPending') return headers[actor];
      const user = await createUser(db, {
        role: actor === 'adminAal1' ? 'admin' : ROLE_OF[actor],
        ...(options.password === false ? {} : { password: PASSWORD }),
        emailVerified: actor !== 'unproven',
      });
      return signInAs(t, user);
    },
    close: () => t.close(),
  };
}
