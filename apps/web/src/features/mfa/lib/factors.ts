import type { Factor } from '@adreel/domain';
import { ApiError } from '@/lib/api';

/** What the account page says when a change needs a session that passed a second factor. */
export const AAL2_EXPLANATION =
  'Sign in again with your second factor to change two-factor settings.';

export function isAal2Required(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'aal2_required';
}

/** A wrong or spent code: the person fixes it at the code field, not in a toast. */
export function isCodeError(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'invalid_code' || error.code === 'code_reused')
  );
}

const FALLBACK_NAME = { totp: 'Authenticator app', webauthn: 'Passkey', phone: 'Phone' } as const;

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
