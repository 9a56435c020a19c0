/**
 * An OpenID Connect provider started inside the test (oauth2-mock-server: real keys, discovery,
 * JWKS, PKCE) and the browser's part of a sign-in driven by hand: the app's /authorize, the
 * provider's redirect, the app's callback and the PKCE exchange. The mock signs whatever claims a
 * test gives it, so it stays for what a certified provider will not do (wrong audience, issuer,
 * signature, expiry; a UserInfo about someone else); sign-in as providers really behave is tested
 * against oidc-provider (oidc-provider.support.ts, decision 026).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import { expect } from 'vitest';
import type { TestApp } from '../support/app';

export const CLIENT_ID = 'adreel-test';

/** The claims the provider puts in its next tokens (beyond iss, iat, exp, sub, aud, nonce). */
export type ProviderClaims = Record<string, unknown> & { sub: string };

export interface TestProvider {
  server: OAuth2Server;
  issuer: string;
  /** OIDC_PROVIDERS for an app that trusts this provider. */
  env: NodeJS.ProcessEnv;
  /** Who is signed in at the provider. */
  as(claims: ProviderClaims): void;
  stop(): Promise<void>;
}

export async function startProvider(): Promise<TestProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, 'localhost');
  const issuer = server.issuer.url ?? '';
  let current: ProviderClaims = { sub: 'nobody' };
  server.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, current);
  });
  return {
    server,
    issuer,
    env: {
      OIDC_PROVIDERS: JSON.stringify([
        {
          id: 'test',
          name: 'Test ID',
          issuer,
          clientId: CLIENT_ID,
          clientSecret: 'shh',
          // The mock lists only "none" and takes the client from the body: say so, as one would
          // for a provider that wants the secret in the form (decision 026).
          tokenEndpointAuthMethod: 'client_secret_post',
        },
      ]),
    },
    as(claims) {
      current = claims;
    },
    stop: () => server.stop(),
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export interface FlowOptions {
  redirectTo?: string;
  inviteCode?: string;
  challenge?: string;
}

/** GET /api/authorize: the answer (a redirect to the provider, or a refusal). */
export function authorize(ctx: TestApp, challenge: string, options: FlowOptions = {}) {
  const query = new URLSearchParams({
    provider: 'test',
    redirect_to: options.redirectTo ?? '/auth/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...(options.inviteCode ? { invite_code: options.inviteCode } : {}),
  });
  return ctx.app.inject({ method: 'GET', url: `/api/authorize?${query}` });
}

/** The provider's answer to its authorization URL: our callback URL with its code and state. */
export async function atProvider(providerUrl: string): Promise<URL> {
  const res = await fetch(providerUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

/** Our callback, as the browser would follow it: where it sends the browser next. */
export async function followCallback(ctx: TestApp, callback: URL): Promise<URL> {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
  });
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location ?? '', 'http://localhost:3000');
}

export function exchange(ctx: TestApp, authCode: string, verifier: string) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/auth/token?grant_type=pkce',
    payload: { auth_code: authCode, code_verifier: verifier },
  });
}

/** A whole sign-in through the provider up to the page at redirect_to. */
export async function signInThroughProvider(ctx: TestApp, options: FlowOptions = {}) {
  const pkce = pkcePair();
  const started = await authorize(ctx, pkce.challenge, options);
  expect(started.statusCode, started.body).toBe(302);
  const callback = await atProvider(started.headers.location ?? '');
  const landed = await followCallback(ctx, callback);
  return { ...pkce, callback, landed, code: landed.searchParams.get('code') };
}
