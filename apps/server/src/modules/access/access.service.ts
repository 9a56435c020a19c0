import { BETA_TARGET, type BetaProgress } from '@adreel/domain';
import type { Database } from '../../db/client';
import { countAccessRequests } from './access.queries';

export function createAccessService(db: Database) {
  return {
    /** Beta progress (SPEC.md §9): every access request counts towards the target of 100. */
    async betaProgress(): Promise<BetaProgress> {
      return { count: await countAccessRequests(db), target: BETA_TARGET };
    },
  };
}
export type AccessService = ReturnType<typeof createAccessService>;
