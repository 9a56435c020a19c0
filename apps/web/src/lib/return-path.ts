import { useLocation } from 'react-router';

/**
 * Where a visitor was going when sent to sign in (the route guard's and Apply to Campaign's
 * `state.from`); only a path of this app, never another site.
 */
export function returnPath(state: unknown): string | null {
  const from = typeof state === 'object' && state !== null && 'from' in state ? state.from : null;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** The path to go back to after signing in, or null to go where the role lives. */
export function useReturnPath(): string | null {
  return returnPath(useLocation().state);
}
