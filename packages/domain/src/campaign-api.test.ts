import { describe, expect, it } from 'vitest';
import { campaignFormSchema, createCampaignBodySchema } from './campaign-api';
import { todayUtc } from './format';
import { firstIssueMessage } from './validation';

const form = {
  title: 'Summer drop',
  description: 'Show the bottle in the first second.',
  tags: 'summer, drinks ,',
  budgetTotal: '1,200',
  payoutPerVideo: '$150.50',
  deadline: '',
};

function messageOf(input: unknown): string | null {
  const result = campaignFormSchema.safeParse(input);
  return result.success ? null : firstIssueMessage(result.error);
}

describe('campaignFormSchema (docs/product.md §5 Campaign form)', () => {
  it('turns what was typed into the API body in cents', () => {
    expect(campaignFormSchema.parse(form)).toEqual({
      title: 'Summer drop',
      description: 'Show the bottle in the first second.',
      tags: ['summer', 'drinks'],
      budgetTotalCents: 120_000,
      payoutPerVideoCents: 15_050,
      deadline: null,
    });
  });

  it.each([
    [{ title: '  ' }, 'Title is required'],
    [{ budgetTotal: '' }, 'Budget total is required'],
    [{ budgetTotal: 'lots' }, 'Budget total must be a number'],
    [{ budgetTotal: '12.345' }, 'Budget total must be a number'],
    [{ budgetTotal: '0' }, 'Budget total must be greater than 0'],
    [{ payoutPerVideo: '' }, 'Payout per video is required'],
    [{ payoutPerVideo: '-5' }, 'Payout per video must be a number'],
    [{ payoutPerVideo: '1201' }, 'Payout per video cannot be more than the budget total'],
    [{ budgetTotal: '20000000' }, 'Budget total must be at most $10,000,000'],
    [{ deadline: '2001-01-01' }, 'Deadline cannot be in the past'],
    [{ deadline: 'soon' }, 'Deadline must be a valid date'],
    [{ tags: 'x'.repeat(31) }, 'Each tag must be less than 30 characters'],
  ])('refuses %j with a clear message', (change, message) => {
    expect(messageOf({ ...form, ...change })).toBe(message);
  });

  it("accepts today's date as the deadline", () => {
    expect(messageOf({ ...form, deadline: todayUtc() })).toBeNull();
  });
});

describe('createCampaignBodySchema', () => {
  it('says a missing budget is required and a text budget must be a number', () => {
    const missing = createCampaignBodySchema.safeParse({ title: 'A', payoutPerVideoCents: 1 });
    expect(missing.success ? null : firstIssueMessage(missing.error)).toBe(
      'Budget total is required',
    );
    const text = createCampaignBodySchema.safeParse({
      title: 'A',
      budgetTotalCents: '100',
      payoutPerVideoCents: 1,
    });
    expect(text.success ? null : firstIssueMessage(text.error)).toBe(
      'Budget total must be a number',
    );
  });
});
