import type { VerifyFactorResponse } from '@adreel/domain';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '@/lib/api';
import { useSession } from '@/lib/session';
import { factorsKey } from './get-factors';

export interface VerifyFactorInput {
  factorId: string;
  challenge_id?: string;
  code?: string;
  response?: RegistrationResponseJSON | AuthenticationResponseJSON;
}

/**
 * POST /api/factors/:id/verify: finishes an enrolment, or confirms a verified factor; either way
 * this session is now aal2 and the answer carries its new access token.
 *
 * A wrong code is a 401 too, so the app-wide "401 means renew the token and repeat" must not apply:
 * it would spend a refresh and send the same wrong code twice. Only an expired token is renewed.
 */
export function verifyFactor({ factorId, ...body }: VerifyFactorInput) {
  return api<VerifyFactorResponse>(`/api/factors/${encodeURIComponent(factorId)}/verify`, {
    method: 'POST',
    body,
    retryOnUnauthorized: false,
  });
}

export function useVerifyFactor() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    // The answer may hold the recovery codes: nothing keeps them once the screen lets go.
    gcTime: 0,
    mutationFn: async (input: VerifyFactorInput) => {
      try {
        return await verifyFactor(input);
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'invalid_token')) throw error;
        await session.refresh();
        return verifyFactor(input);
      }
    },
    onSuccess: (answer) => {
      session.setSession(answer.session);
      return queryClient.invalidateQueries({ queryKey: factorsKey });
    },
  });
}
