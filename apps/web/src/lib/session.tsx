import {
  type Session as AuthSession,
  primaryRole,
  REFRESH_BACKOFF_START_MS,
  ROLES,
  type Role,
  type SessionUser,
} from '@adreel/domain';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ApiError, api, getAccessToken, setAccessToken, setUnauthorizedHandler } from './api';

export type SessionState =
  | { status: 'loading'; user?: undefined }
  | { status: 'signed-out'; user?: undefined }
  | { status: 'signed-in'; user: SessionUser };

export type Session = SessionState & {
  /** Starts a session the server just handed over (sign-in, sign-up, second factor). */
  setSession: (session: AuthSession) => void;
  /** Asks the server for a fresh pair now (after the role changed, e.g. a verified email). */
  refresh: () => Promise<void>;
  signOut: () => Promise<void>;
};

/** The part of a token response the client keeps: the access token, its expiry, and the user. */
export interface ActiveSession {
  access_token: string;
  /** Epoch seconds. */
  expires_at: number;
  user: SessionUser;
}

/** Refresh this long before the access token expires (DESIGN.md §3: "shortly before expiry"). */
export const REFRESH_MARGIN_MS = 60_000;
/** SPEC.md §4: a periodic check refreshes the session when it is near expiry. */
export const REFRESH_CHECK_INTERVAL_MS = 30_000;
/** Tries in all, so the waits are 200, 400, 800 and 1600 ms (SPEC.md §9's backoff). */
export const REFRESH_MAX_ATTEMPTS = 5;

function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Reads the session out of a token response (`sessionResponseSchema`, checked by hand so the entry
 * chunk carries no zod); anything unexpected counts as signed out.
 */
export function parseTokenResponse(payload: unknown): ActiveSession | null {
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
      // An older server that does not say is taken at its word that nothing is pending.
      emailVerified: user.emailVerified !== false,
    },
  };
}

/** A network failure, a 5xx or a 429 may pass; a 4xx such as 401 (spent or revoked token) will not. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

type RefreshOutcome =
  | { kind: 'session'; session: ActiveSession }
  | { kind: 'signed-out' }
  /** Every try failed in a way that may pass: keep what we have and try again later. */
  | { kind: 'unavailable' };

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function refreshWithBackoff(): Promise<RefreshOutcome> {
  let delay = REFRESH_BACKOFF_START_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      const body = await api<unknown>('/api/auth/token?grant_type=refresh_token', {
        method: 'POST',
        body: {},
        credentials: 'include',
        retryOnUnauthorized: false,
      });
      const session = parseTokenResponse(body);
      return session ? { kind: 'session', session } : { kind: 'signed-out' };
    } catch (error) {
      if (!isRetryable(error)) return { kind: 'signed-out' };
      if (attempt >= REFRESH_MAX_ATTEMPTS) return { kind: 'unavailable' };
      await wait(delay);
      delay *= 2;
    }
  }
}

// Every caller shares one refresh at a time (StrictMode's double effects, the timer and a focus
// event at once), because each refresh rotates the single-use refresh token.
let inFlight: Promise<RefreshOutcome> | null = null;

function sharedRefresh(): Promise<RefreshOutcome> {
  inFlight ??= refreshWithBackoff().finally(() => {
    inFlight = null;
  });
  return inFlight;
}

const signedOut: SessionState = { status: 'signed-out' };

/**
 * Kept while this browser holds a session. Only a hint (the refresh cookie itself is httpOnly): a
 * visitor without it needn't wait for the session check before reading public data such as the
 * feed, which would otherwise put a round trip before the first video (issue 8: first frame ≤ 1 s).
 */
export const SESSION_HINT_KEY = 'adreel.has-session';

/** False only when this browser has no sign of a session; unknown (no storage) counts as maybe. */
export function mayHaveSession(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) !== null;
  } catch {
    return true;
  }
}

function rememberSession(present: boolean) {
  try {
    if (present) localStorage.setItem(SESSION_HINT_KEY, '1');
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Without storage every visit waits for the session check, as before.
  }
}

export const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  const [expiresAt, setExpiresAt] = useState<number | null>(null);
  // Bumped whenever the session is replaced or ended, so a refresh that was already on its way
  // cannot bring back a session the user has just signed out of.
  const generation = useRef(0);
  const expiresAtRef = useRef<number | null>(null);

  const apply = useCallback((session: ActiveSession | null) => {
    setAccessToken(session?.access_token ?? null);
    rememberSession(session !== null);
    expiresAtRef.current = session ? session.expires_at * 1000 : null;
    setExpiresAt(expiresAtRef.current);
    setState(session ? { status: 'signed-in', user: session.user } : signedOut);
  }, []);

  const refresh = useCallback(async () => {
    const started = generation.current;
    const outcome = await sharedRefresh();
    if (generation.current !== started) return;
    if (outcome.kind === 'session') apply(outcome.session);
    else if (outcome.kind === 'signed-out') apply(null);
    else setState((current) => (current.status === 'loading' ? signedOut : current));
  }, [apply]);

  const setSession = useCallback(
    (session: AuthSession) => {
      generation.current += 1;
      apply(parseTokenResponse({ session }));
    },
    [apply],
  );

  const signOut = useCallback(async () => {
    generation.current += 1;
    try {
      await api<unknown>('/api/auth/signout', {
        method: 'POST',
        body: {},
        credentials: 'include',
        retryOnUnauthorized: false,
      });
    } catch {
      // Signing out locally must never fail, whatever the server says.
    }
    apply(null);
  }, [apply]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  // A request refused for an expired token gets one fresh token and one more try.
  useEffect(() => {
    setUnauthorizedHandler(async (staleToken) => {
      await refresh();
      const current = getAccessToken();
      return current !== null && current !== staleToken;
    });
    return () => setUnauthorizedHandler(null);
  }, [refresh]);

  // Both the timer and the periodic check ask this, so a token already renewed by one is not
  // renewed again by the other.
  const refreshIfDue = useCallback(() => {
    const at = expiresAtRef.current;
    if (at !== null && at - Date.now() <= REFRESH_MARGIN_MS) void refresh();
  }, [refresh]);

  // The timer for the known expiry…
  useEffect(() => {
    if (expiresAt === null) return;
    // At least a second apart, so a server that hands out already-expiring tokens cannot spin us.
    const delay = Math.max(1_000, expiresAt - Date.now() - REFRESH_MARGIN_MS);
    const timer = window.setTimeout(refreshIfDue, delay);
    return () => window.clearTimeout(timer);
  }, [expiresAt, refreshIfDue]);

  // …and a periodic check, because timers stall in background tabs and sleeping laptops.
  useEffect(() => {
    if (expiresAt === null) return;
    function onWake() {
      if (document.visibilityState !== 'hidden') refreshIfDue();
    }
    const interval = window.setInterval(refreshIfDue, REFRESH_CHECK_INTERVAL_MS);
    window.addEventListener('focus', onWake);
    document.addEventListener('visibilitychange', onWake);
    return () => {
      window.clearInterval(interval);
      window.removeEventListener('focus', onWake);
      document.removeEventListener('visibilitychange', onWake);
    };
  }, [expiresAt, refreshIfDue]);

  const value = useMemo<Session>(
    () => ({ ...state, setSession, refresh, signOut }),
    [state, setSession, refresh, signOut],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}
