import type { Factor } from '@adreel/domain';
import { MFA_TEXTS } from '@adreel/domain';
import { ApiError } from '@/lib/api';

export const TWO_FACTOR_SETTINGS = 'change two-factor settings';
export const ADMIN_TOOLS = 'use admin tools';

/** What a screen says when what it does needs a session that passed a second factor. */
export function aal2Explanation(purpose: string): string {
  return `Sign in again with your second factor to ${purpose}.`;
}

/** What the account page says when a change needs a session that passed a second factor. */
export const AAL2_EXPLANATION = aal2Explanation(TWO_FACTOR_SETTINGS);

export function isAal2Required(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'aal2_required';
}

/** A wrong or spent code: the person fixes it at the code field, not in a toast. */
export function isCodeError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'invalid_code' || error.code === 'code_reused')
  );
}

const FALLBACK_NAME = {
  totp: MFA_TEXTS.authenticatorApp,
  webauthn: 'Passkey',
  phone: 'Phone',
} as const;

export function factorName(factor: Pick<Factor, 'factorType' | 'friendlyName'>): string {
  return factor.friendlyName?.trim() || FALLBACK_NAME[factor.factorType];
}

/** Verified factors only, oldest first: an unfinished enrolment protects nothing yet. */
export function verifiedOf(factors: Factor[], type?: Factor['factorType']): Factor[] {
  return factors
    .filter((factor) => factor.verified && (type === undefined || factor.factorType === type))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** "JBSW Y3DP EHPK 3PXP": a base32 secret in groups of four, easier to type into an app. */
export function groupSecret(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

/**
 * The assurance level an access token states (its `aal` claim): `aal2` once the session passed a
 * second factor. Read for display only; the server checks the signed token itself.
 */
export function tokenAssurance(token: string | null): 'aal1' | 'aal2' | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const { aal } = JSON.parse(json) as { aal?: unknown };
    return aal === 'aal1' || aal === 'aal2' ? aal : null;
  } catch {
    return null;
  }
}
