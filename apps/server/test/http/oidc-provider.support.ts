/**
 * A certified OpenID provider started inside the test: panva's `oidc-provider` (a devDependency,
 * decision 026) as a Koa app on a random local port, with its defaults. What we configure is only
 * what a deployment must: the client, the accounts (findAccount), the email and profile claims
 * (returned from UserInfo, never in the ID token of a code flow, as OIDC Core §5.4 lets it), and
 * whether the client authenticates with client_secret_basic (the default) or client_secret_post.
 * Its development login and consent pages are driven with plain HTTP requests and a cookie jar,
 * as a browser would.
 */
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { expect } from 'vitest';
import type { TestApp } from '../support/app';
import { authorize, type FlowOptions, followCallback, pkcePair } from './oidc.support';

export const CLIENT_ID = 'adreel-test';
export const CLIENT_SECRET = 'a-long-enough-client-secret-for-the-tests';
export const REDIRECT_URI = 'http://localhost:3000/api/auth/callback';

/** What the provider knows of a person: UserInfo's claims (sub is the account id). */
export interface ProviderAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  preferred_username?: string;
}

export interface RealProvider {
  issuer: string;
  /** OIDC_PROVIDERS for an app that trusts this provider. */
  env(extra?: Record<string, unknown>): NodeJS.ProcessEnv;
  /** A person with an account at the provider. */
  addAccount(account: ProviderAccount): ProviderAccount;
  /** The token endpoint's requests: whether the client authenticated with HTTP Basic. */
  tokenRequests: Array<{ basic: boolean }>;
  stop(): Promise<void>;
}

export interface RealProviderOptions {
  /**
   * Only this client authentication is accepted at the token endpoint, as some providers do
   * (oidc-provider itself takes either for a client with a secret): the other one gets
   * 401 invalid_client before it reaches oidc-provider.
   */
  only?: 'client_secret_basic' | 'client_secret_post';
}

export async function startRealProvider(options: RealProviderOptions = {}): Promise<RealProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const tokenRequests: RealProvider['tokenRequests'] = [];
  // The port first, so the issuer names it.
  const { createServer } = await import('node:http');
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://localhost:${port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [REDIRECT_URI],
      },
    ],
    claims: {
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
    },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: async () => ({ ...account }) };
    },
  });
  provider.on('server_error', (_ctx: unknown, error: unknown) => {
    console.error('oidc-provider server_error', error);
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    // How the client authenticated: an Authorization header (basic), or the secret in the body.
    if (req.url?.startsWith('/token')) {
      const basic = /^basic /i.test(req.headers.authorization ?? '');
      tokenRequests.push({ basic });
      if (options.only && basic !== (options.only === 'client_secret_basic')) {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'invalid_client', error_description: 'wrong method' }));
        return;
      }
    }
    callback(req, res);
  });
  return {
    issuer,
    env(extra = {}) {
      return {
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'test',
            name: 'Test ID',
            issuer,
            clientId: CLIENT_ID,
            clientSecret: CLIENT_SECRET,
            ...extra,
          },
        ]),
      };
    },
    addAccount(account) {
      accounts.set(account.sub, account);
      return account;
    },
    tokenRequests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies for the provider's origin (names only: its paths do not matter here). */
class CookieJar {
  private cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair?.indexOf('=') ?? -1;
      if (!pair || at < 0) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * The person's part at the provider: from its authorization URL through its login and consent pages
 * (signed in as `accountId`; `cancel` aborts at the consent page) to our callback URL.
 */
export async function throughProvider(
  authorizationUrl: string,
  accountId: string,
  choice: { cancel?: boolean } = {},
): Promise<URL> {
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let step = 0; step < 12; step += 1) {
    if (url.origin !== origin) return url;
    const page = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.store(page);
    if (page.status >= 300 && page.status < 400) {
      url = new URL(page.headers.get('location') ?? '', url);
      continue;
    }
    const html = await page.text();
    expect(page.status, html).toBe(200);
    const uid = url.pathname.split('/')[2] ?? '';
    let next: Response;
    if (html.includes('name="login"')) {
      next = await fetch(new URL(`/interaction/${uid}`, origin), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' }),
      });
    } else if (choice.cancel) {
      next = await fetch(new URL(`/interaction/${uid}/abort`, origin), {
        redirect: 'manual',
        headers: { cookie: jar.header() },
      });
    } else {
      next = await fetch(new URL(`/interaction/${uid}`, origin), {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ prompt: 'consent' }),
      });
    }
    jar.store(next);
    expect(next.status, await next.clone().text()).toBeGreaterThanOrEqual(300);
    url = new URL(next.headers.get('location') ?? '', url);
  }
  throw new Error('the provider never sent the browser back');
}

/** A whole sign-in through the real provider up to the page at redirect_to. */
export async function signInWithRealProvider(
  ctx: TestApp,
  accountId: string,
  options: FlowOptions & { cancel?: boolean } = {},
) {
  const pkce = pkcePair();
  const started = await authorize(ctx, pkce.challenge, options);
  expect(started.statusCode, started.body).toBe(302);
  const callback = await throughProvider(started.headers.location ?? '', accountId, options);
  const landed = await followCallback(ctx, callback);
  return { ...pkce, callback, landed, code: landed.searchParams.get('code') };
}
