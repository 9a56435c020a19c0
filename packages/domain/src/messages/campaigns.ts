/** A campaign's money fields as the brand's form labels them and their messages name them. */
export const CAMPAIGN_FIELD_LABELS = {
  budgetTotal: 'Budget total',
  payoutPerVideo: 'Payout per video',
} as const;
