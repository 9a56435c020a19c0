import type { DigestPreference } from '@adreel/domain/digest-api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';

export const digestPreferenceKey = ['account', 'digest'] as const;

/** GET /api/account/digest: whether the weekly digest comes. */
export async function getDigestPreference(signal?: AbortSignal): Promise<DigestPreference> {
  return api<DigestPreference>('/api/account/digest', { signal });
}

export const digestPreferenceQueryOptions = queryOptions({
  queryKey: digestPreferenceKey,
  queryFn: ({ signal }) => getDigestPreference(signal),
});

export function useDigestPreference() {
  return useQuery(digestPreferenceQueryOptions);
}

/** PUT /api/account/digest. */
export async function setDigestPreference(body: DigestPreference): Promise<DigestPreference> {
  return api<DigestPreference>('/api/account/digest', { method: 'PUT', body });
}

export function useSetDigestPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDigestPreference,
    // The switch moves at once; it moves back if the server refuses.
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: digestPreferenceKey });
      const before = queryClient.getQueryData<DigestPreference>(digestPreferenceKey);
      queryClient.setQueryData(digestPreferenceKey, next);
      return { before };
    },
    onError: (_error, _next, context) => {
      if (context?.before) queryClient.setQueryData(digestPreferenceKey, context.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(digestPreferenceKey, answer),
  });
}
