import type { CreatorProfile } from '@adreel/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

const id = '00000000-0000-4000-8000-0000000000c1';
const profile: CreatorProfile = {
  id,
  username: 'maya',
  displayName: 'Maya Chen',
  photoUrl: null,
  videoCount: 4,
  totalViews: 12_345,
  totalLikes: 850,
  earningsCents: 65_099,
  recentVideos: [1, 2, 3].map((n) => ({
    id: `00000000-0000-4000-8000-00000000000${n}`,
    title: `Video ${n}`,
    caption: null,
    thumbUrl: `/media/thumbs/${n}.jpg`,
    views: 1000 * n,
    likes: 10 * n,
    publishedAt: '2026-11-20T10:00:00.000Z',
  })),
};

describe('creator profile', () => {
  it("shows a creator's name, handle, figures and three recent videos opening the feed", async () => {
    mockApi({ [`GET /api/profiles/${id}`]: jsonResponse(profile) });
    renderApp(`/profile?id=${id}`);
    expect(await screen.findByRole('heading', { name: 'Maya Chen', level: 1 })).toBeTruthy();
    expect(screen.getByText('@maya')).toBeTruthy();
    const figures = screen.getAllByRole('term').map((term) => term.textContent);
    expect(figures).toEqual(['Videos', 'Total Views', 'Total Likes', 'Earnings']);
    expect(screen.getByText('12.3K')).toBeTruthy();
    expect(screen.getByText('0.9K')).toBeTruthy();
    expect(screen.getByText('$650')).toBeTruthy();
    // Read out in full where "K" rounds them (0.9K is 850).
    expect(screen.getByText('12,345').className).toContain('sr-only');
    expect(screen.getByText('850').className).toContain('sr-only');
    const links = screen.getAllByRole('link', { name: /in the feed$/ });
    expect(
      screen.getByRole('link', { name: 'Watch Video 2 (2,000 views, 20 likes) in the feed' }),
    ).toBe(links[1]);
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      profile.recentVideos.map((v) => `/feed?start=${v.id}`),
    );
  });

  it('shows your own profile without an id', async () => {
    mockApi({ 'GET /api/profiles/me': jsonResponse({ ...profile, recentVideos: [] }) });
    renderApp('/profile', signedInAs('creator'));
    expect(await screen.findByText('Your profile')).toBeTruthy();
    expect(screen.getByText('No published videos yet')).toBeTruthy();
  });

  it('asks a signed-out visitor without an id to sign in', async () => {
    mockApi({});
    renderApp('/profile');
    const message = await screen.findByText('Sign in to see your profile');
    expect(
      within(message.parentElement as HTMLElement).getByRole('link', { name: 'Sign In' }),
    ).toBeTruthy();
  });

  it('shows a not-found state for an unknown id', async () => {
    mockApi({
      'GET /api/profiles/nobody': errorResponse(404, 'not_found', 'Creator not found'),
    });
    renderApp('/profile?id=nobody');
    expect(await screen.findByText('Creator not found')).toBeTruthy();
  });

  it("shows a brand's own profile without a creator's figures (issue 18)", async () => {
    mockApi({
      'GET /api/profiles/me': jsonResponse({
        ...profile,
        videoCount: 0,
        totalViews: 0,
        totalLikes: 0,
        earningsCents: 0,
        recentVideos: [],
      }),
    });
    renderApp('/profile', signedInAs('brand'));
    expect(await screen.findByText('Your brand profile')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maya Chen', level: 1 })).toBeTruthy();
    expect(screen.queryAllByRole('term')).toHaveLength(0);
    expect(screen.queryByText('Earnings')).toBeNull();
    expect(screen.queryByText('$0')).toBeNull();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Brand Dashboard' }).getAttribute('href')).toBe(
      '/brand/dashboard',
    );
  });

  it("shows a viewer's own profile without a creator's figures", async () => {
    mockApi({ 'GET /api/profiles/me': jsonResponse({ ...profile, recentVideos: [] }) });
    renderApp('/profile', signedInAs('viewer'));
    expect(await screen.findByText('Your profile')).toBeTruthy();
    expect(screen.queryAllByRole('term')).toHaveLength(0);
    expect(
      within(screen.getByRole('main')).getByRole('link', { name: 'Request creator access' }),
    ).toBeTruthy();
  });
});
