import { describe, expect, it } from 'vitest';
import { ACTORS, expectations } from '../../../test/support/actors';
import { analyticsBrandScope, maySeeVideoAnalytics, mayUseAnalytics } from './analytics.policy';

describe('mayUseAnalytics', () => {
  it.each(expectations(['brand', 'admin']))('brand side, %s: %s', (who, allowed) => {
    expect(mayUseAnalytics(ACTORS[who], 'brand')).toBe(allowed);
  });
  it.each(expectations(['creator', 'admin']))('creator side, %s: %s', (who, allowed) => {
    expect(mayUseAnalytics(ACTORS[who], 'creator')).toBe(allowed);
  });
});

describe('maySeeVideoAnalytics', () => {
  // Made by creator-1, approved into a campaign of brand-1.
  const theirs = { creatorId: 'creator-1', brandId: 'brand-1' };
  // Made by someone else, approved by another brand.
  const others = { creatorId: 'creator-2', brandId: 'brand-2' };
  // Live but in no campaign: no brand side at all.
  const unentered = { creatorId: 'creator-1', brandId: null };

  it.each(expectations(['brand', 'admin']))('brand side, own brand video, %s: %s', (who, ok) => {
    expect(maySeeVideoAnalytics(ACTORS[who], 'brand', theirs)).toBe(ok);
  });
  it.each(expectations(['admin']))("brand side, another brand's video, %s: %s", (who, ok) => {
    expect(maySeeVideoAnalytics(ACTORS[who], 'brand', others)).toBe(ok);
  });
  it.each(expectations([]))('brand side, video in no campaign, %s: %s', (who, ok) => {
    expect(maySeeVideoAnalytics(ACTORS[who], 'brand', unentered)).toBe(ok);
  });
  it.each(expectations(['creator', 'admin']))('creator side, own video, %s: %s', (who, ok) => {
    expect(maySeeVideoAnalytics(ACTORS[who], 'creator', theirs)).toBe(ok);
    expect(maySeeVideoAnalytics(ACTORS[who], 'creator', unentered)).toBe(ok);
  });
  it.each(expectations(['admin']))("creator side, another's video, %s: %s", (who, ok) => {
    expect(maySeeVideoAnalytics(ACTORS[who], 'creator', others)).toBe(ok);
  });
});

describe('analyticsBrandScope', () => {
  it("is the brand's own id, and every brand for an admin", () => {
    expect(analyticsBrandScope(ACTORS.brand)).toBe('brand-1');
    expect(analyticsBrandScope(ACTORS.admin)).toBeNull();
  });
});
