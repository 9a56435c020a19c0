import * as domain from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import * as counting from './counting';

describe('the feed’s counting rules', () => {
  it('are the shared ones of packages/domain', () => {
    expect(counting.VIEW_MIN_PLAYBACK_MS).toBe(domain.VIEW_MIN_PLAYBACK_MS);
    expect(counting.VIEW_MIN_VISIBLE_FRACTION).toBe(domain.VIEW_MIN_VISIBLE_FRACTION);
    expect(counting.DEVICE_ID_HEADER).toBe(domain.DEVICE_ID_HEADER);
  });
});
