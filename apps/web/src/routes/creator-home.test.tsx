import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

/** The dashboard tiles as "Label value", the value as shown (not the exact figure read out). */
function tiles() {
  return screen.getAllByRole('term').map((term) => {
    const value = term.nextElementSibling?.cloneNode(true) as HTMLElement | undefined;
    for (const exact of value?.querySelectorAll('.sr-only') ?? []) exact.remove();
    return `${term.textContent} ${value?.textContent}`;
  });
}

describe('creator home', () => {
  it('shows videos, views, likes and earnings in whole dollars', async () => {
    mockApi({
      'GET /api/creator/stats': jsonResponse({
        videos: 7,
        totalViews: 12_345,
        totalLikes: 950,
        earningsCents: 15_099,
        filtered: { views: 4, byReason: { ip_cap: 1, missing_token: 3 } },
      }),
    });
    renderApp('/creator/home', signedInAs('creator'));
    expect(await screen.findByText('$150')).toBeTruthy();
    expect(tiles()).toEqual(['Videos 7', 'Total Views 12.3K', 'Total Likes 1.0K', 'Earnings $150']);
    // The views are counted ones; the filtered ones show beside them with their reasons.
    expect(screen.getByText('Filtered: 4')).toBeTruthy();
    expect(
      screen.getByText('(Not served by the feed 3, Over the per-address limit 1)'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'How we count' }).getAttribute('href')).toBe(
      '/how-we-count',
    );
  });

  it('leads on to upload, my videos, campaigns and earnings', async () => {
    mockApi({ 'GET /api/creator/stats': errorResponse(500, 'internal', 'boom') });
    renderApp('/creator/home', signedInAs('creator'));
    const nav = await screen.findByRole('navigation', { name: 'Creator shortcuts' });
    const links = within(nav)
      .getAllByRole('link')
      .map((a) => `${a.textContent?.trim()} ${a.getAttribute('href')}`);
    expect(links).toEqual([
      'Upload Video /creator/upload',
      'My Videos /creator/videos',
      'Browse Campaigns /briefs',
      'View Earnings /creator/earnings',
    ]);
    expect(await screen.findByText('Error loading your numbers')).toBeTruthy();
  });

  it('greets a brand-new creator without "Welcome back" (issue 18)', async () => {
    mockApi({
      'GET /api/creator/stats': jsonResponse({
        videos: 0,
        totalViews: 0,
        totalLikes: 0,
        earningsCents: 0,
        filtered: { views: 0, byReason: {} },
      }),
    });
    renderApp('/creator/home', signedInAs('creator'));
    expect(
      await screen.findByText('Hi Maya. Your videos, views, likes and earnings at a glance.'),
    ).toBeTruthy();
    expect(screen.queryByText(/Welcome back/)).toBeNull();
  });
});
