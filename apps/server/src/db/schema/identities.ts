/**
 * Sign-in through an OpenID Connect provider (issue 7; SPEC.md §7 GET /authorize and
 * DELETE /user/identities/{identity_id}): the identities linked to an account, and the short-lived
 * state of each sign-in in flight, kept in the database so that any process may finish it.
 */
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, timestamptz } from './columns';
import { users } from './users';

/** One account at a provider (its `iss` + `sub`, the only stable pair) linked to one of ours. */
export const identities = pgTable(
  'identities',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The provider's id in OIDC_PROVIDERS, e.g. google. */
    provider: text('provider').notNull(),
    /** The ID token's `sub`: stable at the provider, unlike the email. */
    subject: text('subject').notNull(),
    /** The verified email the provider gave at the last sign-in, to show on /account. */
    email: text('email'),
    createdAt: createdAt(),
    lastSignInAt: timestamptz('last_sign_in_at'),
  },
  (t) => [
    unique('identities_provider_subject_unique').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

/**
 * A sign-in in flight. GET /authorize creates it (state, nonce and our PKCE verifier towards the
 * provider; the client's code challenge and where to send it back); the provider's callback spends
 * the state once and, on success, leaves a one-time code for the client; the client exchanges that
 * code with its PKCE verifier, once, for a session.
 */
export const oidcFlows = pgTable(
  'oidc_flows',
  {
    id: id(),
    provider: text('provider').notNull(),
    /** SHA-256 of the state sent to the provider; the callback finds the flow by it. */
    stateHash: text('state_hash').notNull().unique(),
    nonce: text('nonce').notNull(),
    /** Our PKCE verifier towards the provider (RFC 7636); it never leaves the server. */
    providerCodeVerifier: text('provider_code_verifier').notNull(),
    /**
     * The client's S256 challenge: only who holds its verifier can exchange our code. For a link
     * flow, the S256 of the cookie that binds it to the browser that started it (decision 026).
     */
    codeChallenge: text('code_challenge').notNull(),
    /** A path on this site the code is delivered to (never another origin). */
    redirectTo: text('redirect_to').notNull(),
    /** An invite code given before the trip to the provider, for a first sign-in (SPEC.md §5). */
    inviteCode: text('invite_code'),
    createdAt: createdAt(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** When the provider's answer came back: the state is spent from then on. */
    callbackAt: timestamptz('callback_at'),
    /**
     * A sign-in's account, once the provider answered; a link flow's account (started from
     * /account) from the start, which is what marks it as one (decision 026).
     */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the one-time code handed to the client at redirect_to. */
    authCodeHash: text('auth_code_hash').unique(),
    exchangedAt: timestamptz('exchanged_at'),
  },
  (t) => [
    check('oidc_flows_code_has_user', sql`${t.authCodeHash} is null or ${t.userId} is not null`),
    // Expired flows are deleted by age.
    index('oidc_flows_expires_idx').on(t.expiresAt),
  ],
);
