import { primaryRole, ROLES, type Role } from '@adreel/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { api, setAccessToken } from './api';

export interface SessionUser {
  id: string;
  email: string;
  username: string;
  displayName: string;
  photoUrl: string | null;
  roles: Role[];
  /** The role that decides what the user sees (SPEC.md §6 precedence). */
  role: Role;
}

export type SessionState =
  | { status: 'loading'; user?: undefined }
  | { status: 'signed-out'; user?: undefined }
  | { status: 'signed-in'; user: SessionUser };

export type Session = SessionState & { signOut: () => Promise<void> };

interface TokenResponse {
  session: { access_token: string; expires_at: number; user: SessionUser };
}

/** Refresh this long before the access token expires (DESIGN.md §3: "shortly before expiry"). */
const REFRESH_MARGIN_MS = 60_000;

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Reads the session out of a token response; anything unexpected counts as signed out. */
export function parseTokenResponse(payload: unknown): TokenResponse['session'] | null {
  const session = isRecord(payload) ? payload.session : undefined;
  if (!isRecord(session)) return null;
  const { access_token, expires_at, user } = session;
  if (typeof access_token !== 'string' || typeof expires_at !== 'number' || !isRecord(user)) {
    return null;
  }
  if (typeof user.id !== 'string' || !Array.isArray(user.roles)) return null;
  const roles = user.roles.filter(isRole);
  const str = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    access_token,
    expires_at,
    user: {
      id: user.id,
      email: str(user.email),
      username: str(user.username),
      displayName: str(user.displayName) || str(user.username),
      photoUrl: typeof user.photoUrl === 'string' ? user.photoUrl : null,
      roles,
      role: primaryRole(roles),
    },
  };
}

// Two effects racing on mount (React's StrictMode, or two providers) share one refresh call, because
// each refresh rotates the single-use refresh token.
let inFlight: Promise<TokenResponse['session'] | null> | null = null;

function refreshSession(): Promise<TokenResponse['session'] | null> {
  inFlight ??= api<unknown>('/api/auth/token?grant_type=refresh_token', {
    method: 'POST',
    body: {},
    credentials: 'include',
  })
    .then(parseTokenResponse)
    .catch(() => null)
    .finally(() => {
      inFlight = null;
    });
  return inFlight;
}

const signedOut: SessionState = { status: 'signed-out' };

export const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [expiresAt, setExpiresAt] = useState<number | null>(null);

  const refresh = useCallback(async () => {
    const session = await refreshSession();
    setAccessToken(session?.access_token ?? null);
    setExpiresAt(session?.expires_at ?? null);
    setState(session ? { status: 'signed-in', user: session.user } : signedOut);
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  useEffect(() => {
    if (expiresAt === null) return;
    // At least a second apart, so a server that hands out already-expiring tokens cannot spin us.
    const delay = Math.max(1_000, expiresAt * 1000 - Date.now() - REFRESH_MARGIN_MS);
    const timer = window.setTimeout(() => void refresh(), delay);
    return () => window.clearTimeout(timer);
  }, [expiresAt, refresh]);

  const signOut = useCallback(async () => {
    try {
      await api<unknown>('/api/auth/signout', { method: 'POST', body: {}, credentials: 'include' });
    } catch {
      // Signing out locally must never fail, whatever the server says.
    }
    setAccessToken(null);
    setExpiresAt(null);
    setState(signedOut);
  }, []);

  const value = useMemo<Session>(() => ({ ...state, signOut }), [state, signOut]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
