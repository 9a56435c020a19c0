import type { Role } from '@adreel/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { routes } from '@/app/routes';
import { type Session, SessionContext, type SessionState, type SessionUser } from '@/lib/session';

export function userWith(roles: Role[]): SessionUser {
  return {
    id: 'user-1',
    email: 'maya@example.com',
    username: 'maya',
    displayName: 'Maya Chen',
    photoUrl: null,
    roles,
    role: roles[0] ?? 'viewer',
  };
}

export function signedInAs(...roles: Role[]): SessionState {
  return { status: 'signed-in', user: userWith(roles) };
}

/** The whole app at `path`, with a session decided by the test instead of the server. */
export function renderApp(path: string, session: SessionState = { status: 'signed-out' }) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const value: Session = { ...session, signOut: vi.fn(async () => {}) };
  const ui = (
    <QueryClientProvider client={queryClient}>
      <SessionContext value={value}>
        <RouterProvider router={router} />
      </SessionContext>
    </QueryClientProvider>
  );
  const result = render(ui);
  return { ...result, router, signOut: value.signOut };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
