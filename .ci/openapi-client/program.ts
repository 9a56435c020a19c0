/**
 * A client program written against the generated types of /api/docs (openapi-typescript, with
 * openapi-fetch): it signs in and reads the feed. .ci/openapi-client-check.sh generates api.d.ts
 * and type-checks this file; a route, field or status the document gets wrong fails it.
 */
import createClient from 'openapi-fetch';
import type { paths } from './api';

export async function signInAndReadFeed(baseUrl: string, email: string, password: string) {
  const client = createClient<paths>({ baseUrl });
  const signedIn = await client.POST('/api/auth/token', {
    params: { query: { grant_type: 'password' } },
    body: { email, password },
  });
  if (signedIn.error) {
    const { code, message, requestId } = signedIn.error.error;
    throw new Error(`${code}: ${message} (request ${requestId ?? 'unknown'})`);
  }
  // A second factor is asked for first when the account has one (decision 014).
  if ('mfa' in signedIn.data) throw new Error('this account needs its second factor');
  const session = signedIn.data.session;
  if (!session) throw new Error('no session');
  const token: string = session.access_token;

  const feed = await client.GET('/api/feed', {
    params: { query: {} },
    headers: { authorization: `Bearer ${token}` },
  });
  if (feed.error) throw new Error(feed.error.error.message);
  const titles: string[] = feed.data.videos.map((video) => `${video.title} (${video.likes} likes)`);
  const next: string | null = feed.data.nextCursor;
  return { titles, next };
}
