import { SUBMISSION_STATUSES, TRANSACTION_STATUSES, VIDEO_STATUSES } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import {
  brandScope,
  canDecideSubmission,
  canMarkPaid,
  fitsBudget,
  seesEveryBrand,
  whyVideoCannotBeApproved,
} from './campaigns.policy';

describe('brandScope', () => {
  it('limits a brand to its own campaigns and lets an admin see every brand', () => {
    const brand = { userId: 'b', roles: ['brand'] };
    const admin = { userId: 'a', roles: ['admin'] };
    expect(brandScope(brand)).toBeDefined();
    expect(seesEveryBrand(brand)).toBe(false);
    expect(brandScope(admin)).toBeUndefined();
    expect(seesEveryBrand(admin)).toBe(true);
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
