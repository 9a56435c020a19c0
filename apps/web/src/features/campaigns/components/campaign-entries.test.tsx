import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

describe('campaign entries on Earnings', () => {
  it("shows each entry's decision and the brand's reason for a rejection", async () => {
    mockApi({
      'GET /api/creator/earnings': jsonResponse({
        totalCents: 0,
        paidOutCents: 0,
        transactions: [],
      }),
      'GET /api/creator/submissions': jsonResponse({
        submissions: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            status: 'rejected_by_brand',
            rejectionReason: 'The logo must be visible.',
            createdAt: '2026-11-20T10:00:00.000Z',
            decidedAt: '2026-11-21T10:00:00.000Z',
            campaign: {
              id: '00000000-0000-4000-8000-0000000000c1',
              title: 'Refill, Not Landfill',
              payoutPerVideoCents: 15_000,
            },
            video: {
              id: '00000000-0000-4000-8000-0000000000f1',
              title: 'Trail bottle',
              status: 'pending',
            },
          },
        ],
      }),
    });
    renderApp('/creator/earnings', signedInAs('creator'));
    const list = await screen.findByRole('list', { name: 'Campaign entries' });
    const entry = within(list).getByRole('listitem');
    expect(within(entry).getByText('Refill, Not Landfill')).toBeTruthy();
    expect(within(entry).getByText('Not selected')).toBeTruthy();
    expect(within(entry).getByText('The logo must be visible.')).toBeTruthy();
  });
});
