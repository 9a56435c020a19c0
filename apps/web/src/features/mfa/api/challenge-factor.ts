import type { FactorChallengeResponse } from '@adreel/domain';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/**
 * POST /api/factors/:id/challenge: for a passkey, the options to answer with (assertion options for
 * a verified one); for TOTP, an id to send back with the code.
 */
export function challengeFactor(factorId: string): Promise<FactorChallengeResponse> {
  return api<FactorChallengeResponse>(`/api/factors/${encodeURIComponent(factorId)}/challenge`, {
    method: 'POST',
    body: {},
  });
}

export function useChallengeFactor() {
  return useMutation({ mutationFn: challengeFactor });
}
