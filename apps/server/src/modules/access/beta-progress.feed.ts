/**
 * The live beta counter (SPEC.md §4: it rises when a new access request appears), read once per
 * notification for every open stream (platform/realtime/live-read.ts).
 */
import type { BetaProgress } from '@adreel/domain';
import { createLiveRead, type LiveReadLog } from '../../platform/realtime/live-read';
import type { Realtime } from '../../platform/realtime/notifications';
import { BETA_PROGRESS_CHANNEL } from './access.service';

export function createBetaProgressFeed(
  realtime: Realtime,
  readProgress: () => Promise<BetaProgress>,
  log: LiveReadLog,
) {
  return createLiveRead(realtime, {
    channel: BETA_PROGRESS_CHANNEL,
    read: readProgress,
    what: 'beta progress',
    log,
  });
}
export type BetaProgressFeed = ReturnType<typeof createBetaProgressFeed>;
