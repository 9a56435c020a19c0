import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse } from '@/test/render-app';
import { api, getAccessToken, setAccessToken } from './api';
import { REFRESH_MARGIN_MS, SESSION_HINT_KEY, SessionProvider, useSession } from './session';

afterEach(() => {
  setAccessToken(null);
  vi.useRealTimers();
});

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

function renderSession() {
  return render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );
}

function tokenBody(accessToken = 'access-1', expiresInSeconds = 900) {
  return {
    session: {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiresInSeconds,
      expires_at: Math.floor(Date.now() / 1000) + expiresInSeconds,
      user: {
        id: 'u1',
        email: 'maya@example.com',
        username: 'maya',
        displayName: 'Maya Chen',
        photoUrl: null,
        roles: ['creator', 'admin'],
        role: 'admin',
        emailVerified: true,
      },
    },
  };
}

/** Lets pending promises and due timers run, under fake timers. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('session', () => {
  it('starts loading and ends signed out when the refresh is refused', async () => {
    const fetchMock = vi.fn(async () => errorResponse(401, 'invalid_refresh_token', 'No session'));
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(screen.getByText('status: loading')).toBeTruthy();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();

    expect(fetchMock).toHaveBeenCalledOnce();
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/auth/token?grant_type=refresh_token');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(init.body).toBe('{}');
    expect(getAccessToken()).toBeNull();
  });

  it('is signed out without retrying when the browser has no session', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ session: null }));
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('retries a failed network with backoff of 200, 400, 800 and 1600 ms, then gives up', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const calledAt: number[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        calledAt.push(Date.now());
        throw new TypeError('Failed to fetch');
      }),
    );
    renderSession();
    await advance(0);
    expect(calledAt).toHaveLength(1);
    await advance(199);
    expect(calledAt).toHaveLength(1);
    expect(screen.getByText('status: loading')).toBeTruthy();

    await advance(10_000);
    const waits = calledAt.slice(1).map((at, i) => at - (calledAt[i] as number));
    expect(waits).toEqual([200, 400, 800, 1600]);
    expect(screen.getByText('status: signed-out')).toBeTruthy();
  });

  it('keeps retrying through server errors and signs in when the server is back', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const answers = [
      () => errorResponse(503, 'unavailable', 'Try later'),
      () => new Response('<html>Bad gateway</html>', { status: 502 }),
      () => jsonResponse(tokenBody()),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (answers.shift() as () => Response)()),
    );
    renderSession();
    await advance(200 + 400);
    expect(screen.getByText('user: Maya Chen (admin)')).toBeTruthy();
    expect(getAccessToken()).toBe('access-1');
  });

  it('refreshes shortly before expiry, and drops the session when the refresh token is refused', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const answers = [
      () => jsonResponse(tokenBody('access-1', 900)),
      () => jsonResponse(tokenBody('access-2', 900)),
      () => errorResponse(401, 'refresh_token_reused', 'Session revoked'),
    ];
    const fetchMock = vi.fn(async () => (answers.shift() as () => Response)());
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    await advance(0);
    expect(getAccessToken()).toBe('access-1');

    // Not before the margin…
    await advance(900_000 - REFRESH_MARGIN_MS - 1_000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // …but shortly before expiry.
    await advance(1_000);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(getAccessToken()).toBe('access-2');
    expect(screen.getByText('user: Maya Chen (admin)')).toBeTruthy();

    await advance(900_000 - REFRESH_MARGIN_MS);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(screen.getByText('status: signed-out')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
  });

  it('refreshes when the window regains focus near expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-22T10:00:00Z') });
    const fetchMock = vi.fn(async () => jsonResponse(tokenBody('access-1', 90)));
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // A sleeping laptop: the clock jumps without timers firing.
    vi.setSystemTime(Date.now() + 60_000);
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    await advance(0);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('signs in from a refreshed session, keeps the token in memory, and signs out', async () => {
    const user = userEvent.setup();
    const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/auth/token')
        ? jsonResponse(tokenBody())
        : new Response(null, { status: 204 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await screen.findByText('user: Maya Chen (admin)')).toBeTruthy();
    expect(getAccessToken()).toBe('access-1');
    // Only the hint that a session exists is stored, never the token.
    expect(Object.keys(localStorage)).toEqual([SESSION_HINT_KEY]);
    expect(localStorage.getItem(SESSION_HINT_KEY)).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/auth/signout', expect.anything()),
    );
  });

  it('treats a malformed token response as signed out', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ session: { user: {} } })),
    );
    renderSession();
    expect(await screen.findByText('status: signed-out')).toBeTruthy();
  });

  it('renews an expired token when a request is refused, and repeats the request', async () => {
    const tokens = ['access-1', 'access-2'];
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(input).startsWith('/api/auth/token')) {
        return jsonResponse(tokenBody(tokens.shift()));
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer access-2'
        ? jsonResponse({ sessions: [] })
        : errorResponse(401, 'invalid_token', 'Expired');
    });
    vi.stubGlobal('fetch', fetchMock);
    renderSession();
    expect(await screen.findByText('user: Maya Chen (admin)')).toBeTruthy();

    await expect(api('/api/account/sessions')).resolves.toEqual({ sessions: [] });
    expect(getAccessToken()).toBe('access-2');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });
});
