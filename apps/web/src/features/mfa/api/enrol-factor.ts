import type { EnrolFactorBody, EnrolFactorResponse } from '@adreel/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { factorsKey } from './get-factors';

/**
 * POST /api/factors: starts an enrolment. TOTP answers the secret and its QR code, WebAuthn the
 * registration options; either counts only once verified.
 */
export function enrolFactor(body: EnrolFactorBody): Promise<EnrolFactorResponse> {
  return api<EnrolFactorResponse>('/api/factors', { method: 'POST', body });
}

export function useEnrolFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrolFactor,
    // The answer holds the TOTP secret: gone from the cache once the dialog closes.
    gcTime: 0,
    // The server drops an unfinished enrolment of the same type when a new one starts.
    onSettled: () => queryClient.invalidateQueries({ queryKey: factorsKey }),
  });
}
