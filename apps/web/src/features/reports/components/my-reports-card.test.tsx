import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

const videoId = '00000000-0000-4000-8000-000000000001';

function report(id: number, status: 'open' | 'dismissed' | 'actioned', videoTitle: string) {
  return {
    id: `00000000-0000-4000-8000-0000000000a${id}`,
    videoId,
    reason: `Reason ${id}`,
    status,
    createdAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
    videoTitle,
    resolvedAt: status === 'open' ? null : new Date().toISOString(),
  };
}

describe('your reports on /account', () => {
  it('lists what you reported with each outcome', async () => {
    mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/me/reports': jsonResponse({
        reports: [
          report(1, 'open', 'Cloud sneakers'),
          report(2, 'dismissed', 'Cold brew'),
          report(3, 'actioned', 'Miracle pills'),
        ],
      }),
    });
    renderApp('/account', signedInAs('viewer'));
    const card = await screen.findByRole('region', { name: 'Your reports' });
    const rows = await within(card).findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('span')?.textContent)).toEqual([
      'Cloud sneakers',
      'Cold brew',
      'Miracle pills',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Open')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Dismissed')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('Removed')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('“Reason 1”')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2 hours ago')).toBeTruthy();
  });

  it('says when there are none, and offers a retry when they cannot be loaded', async () => {
    let fail = true;
    mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/me/reports': () =>
        fail ? errorResponse(500, 'internal', 'boom') : jsonResponse({ reports: [] }),
    });
    const user = userEvent.setup();
    renderApp('/account', signedInAs('viewer'));
    const card = await screen.findByRole('region', { name: 'Your reports' });
    expect(await within(card).findByText("Your reports can't be loaded right now.")).toBeTruthy();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findByText(/You haven't reported anything/)).toBeTruthy();
  });
});
