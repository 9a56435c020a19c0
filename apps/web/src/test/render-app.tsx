import type { Role, SessionUser } from '@adreel/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { routes } from '@/app/routes';
import { type Session, SessionContext, type SessionState } from '@/lib/session';

export function userWith(roles: Role[], overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'maya@example.com',
    username: 'maya',
    displayName: 'Maya Chen',
    photoUrl: null,
    roles,
    role: roles[0] ?? 'viewer',
    emailVerified: true,
    ...overrides,
  };
}

export function signedInAs(...roles: Role[]): SessionState {
  return { status: 'signed-in', user: userWith(roles) };
}

/**
 * The whole app at `path`, with a session decided by the test instead of the server, and the
 * toaster, so a test reads toasts as the user does.
 */
/**
 * The session the real provider would give: setSession signs in and signOut signs out, so route
 * guards see what the user would see. The spies let a test check the calls.
 */
function TestSession({
  initial,
  spies,
  children,
}: {
  initial: SessionState;
  spies: Pick<Session, 'setSession' | 'refresh' | 'signOut'>;
  children: ReactNode;
}) {
  const [state, setState] = useState(initial);
  const value: Session = {
    ...state,
    setSession: (session) => {
      spies.setSession(session);
      setState({ status: 'signed-in', user: session.user });
    },
    refresh: spies.refresh,
    signOut: async () => {
      await spies.signOut();
      setState({ status: 'signed-out' });
    },
  };
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function renderApp(path: string, session: SessionState = { status: 'signed-out' }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const spies = {
    setSession: vi.fn<Session['setSession']>(),
    refresh: vi.fn(async () => {}),
    signOut: vi.fn(async () => {}),
  };
  const ui = (
    <QueryClientProvider client={queryClient}>
      <TestSession initial={session} spies={spies}>
        <RouterProvider router={router} />
      </TestSession>
      <Toaster />
    </QueryClientProvider>
  );
  const result = render(ui);
  return {
    ...result,
    router,
    queryClient,
    signOut: spies.signOut,
    setSession: spies.setSession,
    refresh: spies.refresh,
  };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function errorResponse(status: number, code: string, message: string): Response {
  return jsonResponse({ error: { code, message } }, status);
}

type Handler = (init: RequestInit & { url: string; json: unknown }) => Response | Promise<Response>;

/**
 * Stubs fetch with answers by "METHOD /path" (query string included when given). Anything else is
 * a 404, so a test notices a call it did not expect. Returns the mock to inspect the calls.
 */
export function mockApi(routesByKey: Record<string, Handler | Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.split('?')[0];
    const handler = routesByKey[`${method} ${url}`] ?? routesByKey[`${method} ${path}`];
    if (!handler) return errorResponse(404, 'not_found', `No mock for ${method} ${url}`);
    if (handler instanceof Response) return handler.clone();
    const json = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    return handler({ ...init, url, json });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON bodies sent to `METHOD /path`, in order. */
export function sentBodies(fetchMock: ReturnType<typeof mockApi>, key: string): unknown[] {
  const [method, path] = key.split(' ');
  return fetchMock.mock.calls
    .filter(([input, init]) => {
      const url = String(input);
      return (init?.method ?? 'GET') === method && (url === path || url.split('?')[0] === path);
    })
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined));
}
