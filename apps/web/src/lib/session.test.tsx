import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { getAccessToken, setAccessToken } from './api';
import { SessionProvider, useSession } from './session';

afterEach(() => setAccessToken(null));

function Probe() {
  const session = useSession();
  return (
    <div>
      <p>status: {session.status}</p>
      {session.user && (
        <p>
          user: {session.user.displayName} ({session.user.role})
        </p>
      )}
      <button type="button" onClick={() => void session.signOut()}>
        Sign out
      </button>
    </div>
  );
}

const tokenBody = {
  session: {
    access_token: 'access-1',
    expires_at: Math.floor(Date.now() / 1000) + 900,
    user: {
      id: 'u1',
      email: 'maya@example.com',
      username: 'maya',
      displayName: 'Maya Chen',
      photoUrl: null,
      roles: ['creator', 'admin'],
      role: 'admin',
    },
  },
};

describe('session', () => {
  it('starts loading and ends signed out when the refresh is refused', async () => {
    const fetchMock = vi.fn(async () =>
      jsonResponse({ error: { code: 'unauthorized', message: 'No session' } }, 401),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(screen.getByText('status: loading')).toBeTruthy();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();

    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/token?grant_type=refresh_token');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{}');
    expect(getAccessToken()).toBeNull();
  });

  it('ends signed out when the network fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
  });

  it('signs in from a refreshed session, keeps the token in memory, and signs out', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/token')
        ? jsonResponse(tokenBody)
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('user: Maya Chen (admin)')).toBeTruthy();
    expect(getAccessToken()).toBe('access-1');
    expect(localStorage.length).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/signout', expect.anything()),
    );
  });

  it('treats a malformed token response as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ session: { user: {} } })),
    );
    render(
      <SessionProvider>
        <Probe />
      </SessionProvider>,
    );
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
  });
});
