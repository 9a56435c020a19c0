import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

/** POST /api/factors/recovery-codes: new codes replace all earlier ones (aal2 session). */
export async function regenerateRecoveryCodes(): Promise<string[]> {
  const body = await api<{ recovery_codes: string[] }>('/api/factors/recovery-codes', {
    method: 'POST',
    body: {},
  });
  return body.recovery_codes;
}

export function useRegenerateRecoveryCodes() {
  // Nothing cached changes: the codes are never listed, only shown once, and the answer is not
  // kept in the mutation cache after the dialog is gone.
  return useMutation({ mutationFn: regenerateRecoveryCodes, gcTime: 0 });
}
