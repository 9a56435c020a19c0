import { SUBMISSION_STATUSES, TRANSACTION_STATUSES, VIDEO_STATUSES } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import { ACTORS, EVERYONE, expectations } from '../../../test/support/actors';
import {
  brandScope,
  canDecideSubmission,
  canMarkPaid,
  fitsBudget,
  maySeeOwnProfile,
  mayUseBrandArea,
  mayUseCreatorArea,
  profileIsPublic,
  seesEveryBrand,
  whyVideoCannotBeApproved,
} from './campaigns.policy';

describe.each([
  ['mayUseBrandArea', mayUseBrandArea, expectations(['brand', 'admin'])],
  ['mayUseCreatorArea', mayUseCreatorArea, expectations(['creator', 'admin'])],
  ['maySeeOwnProfile', maySeeOwnProfile, expectations(['viewer', 'creator', 'brand', 'admin'])],
] as const)('%s', (_name, policy, cases) => {
  it.each(cases)('%s: %s', (who, allowed) => {
    expect(policy(ACTORS[who])).toBe(allowed);
  });
});

describe('brandScope', () => {
  it('limits a brand to its own campaigns and lets an admin see every brand', () => {
    const { brand, admin } = ACTORS;
    expect(brandScope(brand)).toBeDefined();
    expect(seesEveryBrand(brand)).toBe(false);
    expect(brandScope(admin)).toBeUndefined();
    expect(seesEveryBrand(admin)).toBe(true);
  });

  it.each(EVERYONE.filter((who) => who !== 'signed out' && who !== 'admin'))(
    'scopes a %s to rows of its own',
    (who) => {
      const actor = ACTORS[who];
      if (actor) expect(seesEveryBrand(actor)).toBe(false);
    },
  );
});

describe('profileIsPublic', () => {
  it.each([
    [true, false, true],
    [true, true, true],
    [false, true, true],
    [false, false, false],
  ])('creator %s, published %s: %s', (isCreator, hasPublishedVideo, shown) => {
    expect(profileIsPublic({ isCreator, hasPublishedVideo })).toBe(shown);
  });
});

describe('canDecideSubmission', () => {
  it.each(SUBMISSION_STATUSES)('a %s submission', (status) => {
    expect(canDecideSubmission({ status })).toBe(status === 'submitted');
  });
});

describe('whyVideoCannotBeApproved', () => {
  it.each(VIDEO_STATUSES)('a %s video', (status) => {
    const reason = whyVideoCannotBeApproved({ status });
    expect(reason === null).toBe(status === 'pending' || status === 'approved');
  });
});

describe('fitsBudget', () => {
  it('allows the payout that fills the budget exactly, and not one cent more', () => {
    expect(fitsBudget({ bookedCents: 900, payoutPerVideoCents: 100, budgetTotalCents: 1000 })).toBe(
      true,
    );
    expect(fitsBudget({ bookedCents: 901, payoutPerVideoCents: 100, budgetTotalCents: 1000 })).toBe(
      false,
    );
  });
});

describe('canMarkPaid', () => {
  it.each(TRANSACTION_STATUSES)('a %s transaction', (status) => {
    expect(canMarkPaid({ status })).toBe(status === 'recorded');
  });
});
