/**
 * The browser's half of an identity-provider sign-in (decision 014): a PKCE verifier that never
 * leaves this tab (sessionStorage) and whose S256 challenge goes to /api/authorize; the code that
 * comes back to /auth/callback is worth a session only together with it.
 */

const VERIFIER_KEY = 'adreel.oidc.verifier';
const NEXT_KEY = 'adreel.oidc.next';

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export async function newPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

/** The URL that starts a sign-in with `provider`; keeps the verifier and where to go afterwards. */
export async function providerSignInUrl(
  provider: string,
  options: { next?: string | null; inviteCode?: string } = {},
): Promise<string> {
  const { verifier, challenge } = await newPkcePair();
  sessionStorage.setItem(VERIFIER_KEY, verifier);
  if (options.next) sessionStorage.setItem(NEXT_KEY, options.next);
  else sessionStorage.removeItem(NEXT_KEY);
  const query = new URLSearchParams({
    provider,
    redirect_to: '/auth/callback',
    code_challenge: challenge,
    code_challenge_method: 'S256',
  });
  const invite = options.inviteCode?.trim();
  if (invite) query.set('invite_code', invite.toUpperCase());
  return `/api/authorize?${query}`;
}

/** The verifier and destination of the sign-in in progress, taken once. */
export function takePendingSignIn(): { verifier: string | null; next: string | null } {
  const verifier = sessionStorage.getItem(VERIFIER_KEY);
  const next = sessionStorage.getItem(NEXT_KEY);
  sessionStorage.removeItem(VERIFIER_KEY);
  sessionStorage.removeItem(NEXT_KEY);
  return { verifier, next: next?.startsWith('/') && !next.startsWith('//') ? next : null };
}
