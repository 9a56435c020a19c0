import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/render-app';
import { ApiError, api, setAccessToken, setUnauthorizedHandler } from './api';

afterEach(() => setAccessToken(null));

describe('api client', () => {
  it('sends JSON and attaches the access token as a bearer token', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    setAccessToken('token-123');

    await expect(api('/api/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      ok: true,
    });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(path).toBe('/api/things');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"a":1}');
    expect(headers.get('Authorization')).toBe('Bearer token-123');
    expect(headers.get('Content-Type')).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    const fetchMock = vi.fn(async () => jsonResponse({}));
    vi.stubGlobal('fetch', fetchMock);
    await api('/api/things');
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(new Headers(init.headers).has('Authorization')).toBe(false);
  });

  it('turns an error body into an ApiError with status, code and message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        jsonResponse({ error: { code: 'forbidden', message: 'Not allowed here' } }, 403),
      ),
    );
    const error = await api('/api/things').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, code: 'forbidden', message: 'Not allowed here' });
  });

  it('still gives an ApiError when the error body is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    await expect(api('/api/things')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });

  it('reports a network failure as an ApiError with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api('/api/things')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('answers 204 with undefined', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await expect(api('/api/things', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});

describe('api client and an expired access token', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('gets a fresh token once and repeats the request with it', async () => {
    const seen: (string | null)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_path: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('Authorization');
        seen.push(auth);
        return auth === 'Bearer fresh'
          ? jsonResponse({ ok: true })
          : jsonResponse({ error: { code: 'invalid_token', message: 'Expired' } }, 401);
      }),
    );
    setAccessToken('stale');
    const handler = vi.fn(async (staleToken: string) => {
      expect(staleToken).toBe('stale');
      setAccessToken('fresh');
      return true;
    });
    setUnauthorizedHandler(handler);
    await expect(api('/api/admin/invites')).resolves.toEqual({ ok: true });
    expect(seen).toEqual(['Bearer stale', 'Bearer fresh']);
    expect(handler).toHaveBeenCalledOnce();
  });

  it('gives the 401 back when no fresh token comes, and never asks without a token', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse({ error: { code: 'session_ended', message: 'Ended' } }, 401)),
    );
    const handler = vi.fn(async () => false);
    setUnauthorizedHandler(handler);
    await expect(api('/api/account/sessions')).rejects.toMatchObject({ status: 401 });
    expect(handler).not.toHaveBeenCalled();

    setAccessToken('stale');
    await expect(api('/api/account/sessions')).rejects.toMatchObject({ code: 'session_ended' });
    expect(handler).toHaveBeenCalledOnce();
    await expect(
      api('/api/auth/token', { method: 'POST', retryOnUnauthorized: false }),
    ).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledOnce();
  });
});
