import type { SignInMethods } from '@adreel/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const signInMethodsKey = ['account', 'sign-in-methods'] as const;

/** GET /api/user/identities: a password or not, the linked identities, how many passkeys. */
export function getSignInMethods(signal?: AbortSignal): Promise<SignInMethods> {
  return api<SignInMethods>('/api/user/identities', { signal });
}

export function useSignInMethods() {
  return useQuery(
    queryOptions({ queryKey: signInMethodsKey, queryFn: ({ signal }) => getSignInMethods(signal) }),
  );
}
