import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { newPkcePair, providerSignInUrl, takePendingSignIn } from './pkce';

afterEach(() => sessionStorage.clear());

describe('PKCE for identity-provider sign-in', () => {
  it('makes a 43-character verifier whose S256 is the challenge (RFC 7636)', async () => {
    const { verifier, challenge } = await newPkcePair();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash('sha256').update(verifier).digest('base64url'));
  });

  it('sends only the challenge, keeps the verifier in the tab and gives it back once', async () => {
    const url = new URL(
      await providerSignInUrl('google', { next: '/briefs', inviteCode: ' ab12cd34 ' }),
      'http://localhost',
    );
    expect(url.pathname).toBe('/api/authorize');
    expect(url.searchParams.get('provider')).toBe('google');
    expect(url.searchParams.get('redirect_to')).toBe('/auth/callback');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('invite_code')).toBe('AB12CD34');
    const pending = takePendingSignIn();
    expect(url.toString()).not.toContain(pending.verifier);
    expect(pending.next).toBe('/briefs');
    expect(
      createHash('sha256')
        .update(pending.verifier ?? '')
        .digest('base64url'),
    ).toBe(url.searchParams.get('code_challenge'));
    expect(takePendingSignIn()).toEqual({ verifier: null, next: null });
  });

  it('never keeps a destination on another site', async () => {
    await providerSignInUrl('google', { next: '//evil.example' });
    expect(takePendingSignIn().next).toBeNull();
  });
});
