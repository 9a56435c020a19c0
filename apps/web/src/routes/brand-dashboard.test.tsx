import type {
  BrandCampaign,
  BrandPerformance,
  BrandSubmission,
  BrandTransaction,
} from '@adreel/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  signedInAs,
} from '@/test/render-app';

let serial = 0;
const uuid = () => {
  serial += 1;
  return `00000000-0000-4000-8000-${String(serial).padStart(12, '0')}`;
};

function buildCampaign(overrides: Partial<BrandCampaign> = {}): BrandCampaign {
  return {
    id: uuid(),
    brandId: uuid(),
    brandName: 'Fizz Co',
    title: 'Summer drop',
    description: '',
    tags: [],
    budgetTotalCents: 500_000,
    payoutPerVideoCents: 25_000,
    deadline: '2099-06-30',
    status: 'open',
    createdAt: '2026-11-01T10:00:00.000Z',
    bookedCents: 75_000,
    leftCents: 425_000,
    submissionCount: 4,
    pendingCount: 1,
    availability: 'open',
    ...overrides,
  };
}

const person = { id: uuid(), username: 'maya', displayName: 'Maya Chen', photoUrl: null };

function buildSubmission(overrides: Partial<BrandSubmission> = {}): BrandSubmission {
  return {
    id: uuid(),
    status: 'submitted',
    rejectionReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    decidedAt: null,
    campaign: { id: uuid(), title: 'Summer drop', payoutPerVideoCents: 25_000 },
    creator: person,
    video: {
      id: uuid(),
      title: 'Beach bottle',
      caption: null,
      status: 'pending',
      fileUrl: '/media/videos/a.mp4',
      thumbUrl: '/media/thumbs/a.jpg',
      durationSec: 14,
    },
    ...overrides,
  };
}

function buildTransaction(overrides: Partial<BrandTransaction> = {}): BrandTransaction {
  return {
    id: uuid(),
    campaign: { id: uuid(), title: 'Summer drop' },
    creator: person,
    videoTitle: 'Beach bottle',
    amountCents: 25_000,
    status: 'recorded',
    createdAt: '2026-11-20T10:00:00.000Z',
    paidAt: null,
    ...overrides,
  };
}

const empty = {
  'GET /api/brand/campaigns': jsonResponse({ campaigns: [] }),
  'GET /api/brand/submissions': jsonResponse({ submissions: [] }),
  'GET /api/brand/transactions': jsonResponse({ transactions: [] }),
};

describe('brand dashboard', () => {
  it('lists own campaigns with status, budget used and left, deadline and submissions', async () => {
    const campaign = buildCampaign();
    const fetchMock = mockApi({
      ...empty,
      'GET /api/brand/campaigns': jsonResponse({ campaigns: [campaign] }),
      [`POST /api/brand/campaigns/${campaign.id}/close`]: jsonResponse({
        message: 'Campaign closed',
        campaign: { ...campaign, status: 'closed', availability: 'closed' },
      }),
    });
    renderApp('/brand/dashboard', signedInAs('brand'));
    const card = (await screen.findByRole('heading', { name: 'Summer drop' })).closest('li');
    if (!card) throw new Error('no card');
    const inCard = within(card);
    expect(inCard.getByText('Open')).toBeTruthy();
    expect(inCard.getByText('$750')).toBeTruthy();
    expect(inCard.getByText('$4,250')).toBeTruthy();
    expect(inCard.getByText('left of $5,000')).toBeTruthy();
    expect(inCard.getByText('Jun 30, 2099')).toBeTruthy();
    expect(inCard.getByText(/1 to review/)).toBeTruthy();

    await userEvent.click(inCard.getByRole('button', { name: 'Close Summer drop' }));
    expect(await screen.findByText('Campaign closed')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/brand/campaigns/${campaign.id}/close`)).toHaveLength(1);
  });

  it('creates a campaign: validates on the client, sends cents, toasts the server message', async () => {
    const fetchMock = mockApi({
      ...empty,
      'POST /api/brand/campaigns': () =>
        jsonResponse({ message: 'Campaign created!', campaign: buildCampaign() }, 201),
    });
    renderApp('/brand/dashboard', signedInAs('brand'));
    await userEvent.click(
      (await screen.findAllByRole('button', { name: 'Create Campaign' }))[0] as HTMLElement,
    );
    const dialog = await screen.findByRole('dialog');
    const form = within(dialog);
    await userEvent.type(form.getByLabelText('Title'), 'Winter glow');
    await userEvent.type(form.getByLabelText('Budget total'), 'lots');
    await userEvent.click(form.getByRole('button', { name: 'Create Campaign' }));
    expect(await form.findByText('Budget total must be a number')).toBeTruthy();
    expect(form.getByLabelText('Budget total')).toBe(document.activeElement);

    await userEvent.clear(form.getByLabelText('Budget total'));
    await userEvent.type(form.getByLabelText('Budget total'), '1,000');
    await userEvent.type(form.getByLabelText('Payout per video'), '2000');
    await userEvent.click(form.getByRole('button', { name: 'Create Campaign' }));
    expect(
      await form.findByText('Payout per video cannot be more than the budget total'),
    ).toBeTruthy();

    await userEvent.clear(form.getByLabelText('Payout per video'));
    await userEvent.type(form.getByLabelText('Payout per video'), '150.50');
    await userEvent.type(form.getByLabelText('Tags'), 'winter, skincare');
    await userEvent.click(form.getByRole('button', { name: 'Create Campaign' }));
    expect(await screen.findByText('Campaign created!')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/brand/campaigns')).toEqual([
      {
        title: 'Winter glow',
        description: '',
        tags: ['winter', 'skincare'],
        budgetTotalCents: 100_000,
        payoutPerVideoCents: 15_050,
        deadline: null,
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('approves a submitted entry with the Italian toast, and shows the server message on failure', async () => {
    const first = buildSubmission();
    const second = buildSubmission({ video: { ...first.video, id: uuid(), title: 'Pool party' } });
    const decided = buildSubmission({
      status: 'rejected_by_brand',
      rejectionReason: 'Logo hidden',
      video: { ...first.video, id: uuid(), title: 'Dark clip' },
    });
    mockApi({
      ...empty,
      'GET /api/brand/submissions': jsonResponse({ submissions: [first, second, decided] }),
      [`POST /api/brand/submissions/${first.id}/approve`]: jsonResponse({
        message: 'Hai appena pubblicato una nuova ad!',
        submission: { ...first, status: 'approved_by_brand' },
        transaction: buildTransaction(),
      }),
      [`POST /api/brand/submissions/${second.id}/approve`]: errorResponse(
        409,
        'over_budget',
        "Approving this submission would exceed the campaign's budget",
      ),
    });
    renderApp('/brand/dashboard', signedInAs('brand'));
    await userEvent.click(await screen.findByRole('tab', { name: /Submissions/ }));
    await screen.findByRole('heading', { name: 'Beach bottle' });
    // Only submitted entries offer a decision.
    expect(screen.queryByRole('button', { name: 'Approve Dark clip' })).toBeNull();
    expect(screen.getByText('Logo hidden')).toBeTruthy();
    expect(screen.getByLabelText('Play Beach bottle').getAttribute('src')).toBe(
      '/media/videos/a.mp4',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Approve Beach bottle' }));
    expect(await screen.findByText('Hai appena pubblicato una nuova ad!')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve Pool party' }));
    expect(
      await screen.findByText("Approving this submission would exceed the campaign's budget"),
    ).toBeTruthy();
  });

  it('rejects with an optional reason', async () => {
    const entry = buildSubmission();
    const fetchMock = mockApi({
      ...empty,
      'GET /api/brand/submissions': jsonResponse({ submissions: [entry] }),
      [`POST /api/brand/submissions/${entry.id}/reject`]: jsonResponse({
        message: 'Submission rejected',
        submission: { ...entry, status: 'rejected_by_brand' },
        transaction: null,
      }),
    });
    renderApp('/brand/dashboard', signedInAs('brand'));
    await userEvent.click(await screen.findByRole('tab', { name: /Submissions/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Reject Beach bottle' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'Show the logo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject submission' }));
    expect(await screen.findByText('Submission rejected')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/brand/submissions/${entry.id}/reject`)).toEqual([
      { reason: 'Show the logo' },
    ]);
  });

  it('lists payments and offers Mark Paid only while recorded', async () => {
    const recorded = buildTransaction();
    const paid = buildTransaction({
      status: 'paid',
      paidAt: '2026-11-21T10:00:00.000Z',
      campaign: { id: uuid(), title: 'Autumn' },
    });
    mockApi({
      ...empty,
      'GET /api/brand/transactions': jsonResponse({ transactions: [recorded, paid] }),
      [`POST /api/brand/transactions/${recorded.id}/mark-paid`]: jsonResponse({
        message: 'Payment marked as paid!',
        transaction: { ...recorded, status: 'paid', paidAt: '2026-11-22T10:00:00.000Z' },
      }),
    });
    renderApp('/brand/dashboard', signedInAs('brand'));
    await userEvent.click(await screen.findByRole('tab', { name: 'Payments' }));
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(within(list).getAllByRole('button')).toHaveLength(1);
    expect(within(list).getByText('Autumn')).toBeTruthy();
    await userEvent.click(within(list).getByRole('button', { name: /Mark Paid/ }));
    expect(await screen.findByText('Payment marked as paid!')).toBeTruthy();
  });

  it('shows performance per campaign and video', async () => {
    const campaign = buildCampaign();
    const performance: BrandPerformance = {
      days: 30,
      filtered: { views: 37, byReason: { bot_user_agent: 20, token_overused: 17 } },
      campaigns: [
        {
          id: campaign.id,
          title: 'Summer drop',
          videoCount: 1,
          views: 1200,
          likes: 300,
          shares: 40,
          clicks: 25,
          completionRate: 0.5,
          watchRate: 0.625,

          filtered: { views: 37, byReason: { bot_user_agent: 20, token_overused: 17 } },
        },
      ],
      videos: [
        {
          id: uuid(),
          title: 'Beach bottle',
          campaignId: campaign.id,
          campaignTitle: 'Summer drop',
          creator: person,
          views: 1200,
          likes: 300,
          shares: 40,
          clicks: 25,
          completionRate: 0.5,
          watchRate: 0.625,

          filtered: { views: 37, byReason: { bot_user_agent: 20, token_overused: 17 } },
        },
      ],
      daily: [{ date: '2026-11-22', views: 0, likes: 0, shares: 0 }],
    };
    mockApi({ ...empty, 'GET /api/brand/performance': jsonResponse(performance) });
    renderApp('/brand/dashboard', signedInAs('brand'));
    await userEvent.click(await screen.findByRole('tab', { name: 'Performance' }));
    const byCampaign = await screen.findByRole('table', { name: 'By campaign' });
    const row = within(byCampaign).getByRole('row', { name: /Summer drop/ });
    expect(within(row).getByText('1,200')).toBeTruthy();
    expect(within(row).getByText('50.0%')).toBeTruthy();
    expect(within(row).getByText('62.5%')).toBeTruthy();
    // Beside the counted views: the filtered ones, with their reasons, and how we count.
    expect(within(row).getByText('37')).toBeTruthy();
    expect(
      screen.getByText('(Known bot or automated browser 20, Replayed impression 17)'),
    ).toBeTruthy();
    expect(screen.getByText('Filtered: 37')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How we count' }).getAttribute('href')).toBe(
      '/how-we-count',
    );
    expect(screen.getByRole('table', { name: 'By video' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
  });

  it("shows the server's message when the campaigns fail to load", async () => {
    mockApi({
      ...empty,
      'GET /api/brand/campaigns': errorResponse(500, 'internal', 'Something went wrong'),
    });
    renderApp('/brand/dashboard', signedInAs('brand'));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Try again/ })).toBeTruthy();
  });
});
