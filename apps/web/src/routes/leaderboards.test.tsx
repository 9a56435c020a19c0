import { LEADERBOARD_MIN_VIEWS, type TopCreator, type TopVideo } from '@adreel/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, mockApi, renderApp } from '@/test/render-app';

const maya = {
  id: '00000000-0000-4000-8000-00000000c0de',
  username: 'maya',
  displayName: 'Maya Chen',
  photoUrl: null,
};
const leo = {
  id: '00000000-0000-4000-8000-0000000000b2',
  username: 'leo',
  displayName: 'Leo Park',
  photoUrl: '/media/photos/leo.jpg',
};

function topVideo(rank: number, overrides: Partial<TopVideo> = {}): TopVideo {
  return {
    rank,
    id: `00000000-0000-4000-8000-${String(rank).padStart(12, '0')}`,
    title: `Ad ${rank}`,
    caption: `Caption ${rank}`,
    thumbUrl: null,
    creator: maya,
    decayedScore: 0.5 - rank * 0.01,
    views: 1000 * rank,
    likes: 100 * rank,
    shares: rank,
    watchTimeAvg: 0.5,
    ...overrides,
  };
}

describe('top videos', () => {
  it('shows the podium and the table with score, counts in thousands and watch %', async () => {
    mockApi({
      'GET /api/leaderboard/videos': jsonResponse({
        videos: [
          topVideo(1, {
            caption: 'Cloud sneakers',
            decayedScore: 0.6349,
            views: 12_345,
            likes: 949,
            shares: 7,
            watchTimeAvg: 0.634,
          }),
          topVideo(2, { caption: null, creator: leo }),
          topVideo(3),
          topVideo(4, { caption: 'Fourth place' }),
        ],
      }),
    });
    renderApp('/leaderboard/videos');
    const podium = await screen.findByRole('list', { name: 'Top 3 videos' });
    expect(within(podium).getAllByRole('listitem')).toHaveLength(3);
    expect(
      within(podium)
        .getByRole('link', { name: /Cloud sneakers/ })
        .getAttribute('href'),
    ).toBe(`/feed?start=${topVideo(1).id}`);

    const table = screen.getByRole('table', { name: 'Top videos' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Video', 'Creator', 'Score', 'Views', 'Likes', 'Shares', 'Watch %']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    // As shown: the exact counts read out beside "K" are left out here and checked below.
    const cells = (row: HTMLElement) =>
      [...row.querySelectorAll('th, td')].map((cell) => {
        const shown = cell.cloneNode(true) as HTMLElement;
        for (const exact of shown.querySelectorAll('[aria-hidden="true"] + .sr-only'))
          exact.remove();
        return shown.textContent?.trim();
      });
    expect(within(rows[0] as HTMLElement).getByText('12,345 views').className).toContain('sr-only');
    expect(cells(rows[0] as HTMLElement)).toEqual([
      'Rank 1Cloud sneakers',
      'M@maya',
      '63',
      '12.3K',
      '0.9K',
      '7',
      '63%',
    ]);
    // No caption reads 'Untitled'.
    expect(within(rows[1] as HTMLElement).getByText('Untitled')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('@leo')).toBeTruthy();
    expect(within(rows[3] as HTMLElement).getByText('Fourth place')).toBeTruthy();

    // A phone gets the same rows stacked, each with its figures under the caption.
    const stacked = within(screen.getByRole('list', { name: 'Top videos' })).getAllByRole(
      'listitem',
    );
    expect(stacked).toHaveLength(4);
    expect(
      within(stacked[0] as HTMLElement).getByText(
        '12.3K views · 0.9K likes · 7 shares · 63% watched',
      ),
    ).toBeTruthy();
    expect(
      within(stacked[0] as HTMLElement).getByText(
        '12,345 views · 949 likes · 7 shares · 63% watched',
      ).className,
    ).toContain('sr-only');
  });

  it('shows markup in a caption, a username and a display name as text', async () => {
    const payload = '<img src=x onerror=alert(1)>';
    mockApi({
      'GET /api/leaderboard/videos': jsonResponse({
        videos: [
          topVideo(1, {
            caption: `${payload} caption`,
            creator: { ...maya, username: `${payload}user`, displayName: `${payload} name` },
          }),
        ],
      }),
    });
    const { container } = renderApp('/leaderboard/videos');
    const table = await screen.findByRole('table', { name: 'Top videos' });
    expect(within(table).getByText(`${payload} caption`)).toBeTruthy();
    expect(within(table).getByText(`@${payload}user`)).toBeTruthy();
    expect(container.querySelector('img[src="x"]')).toBeNull();
  });

  it('says "Error loading leaderboard" and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /api/leaderboard/videos': () =>
        fail ? errorResponse(500, 'internal', 'boom') : jsonResponse({ videos: [topVideo(1)] }),
    });
    const user = userEvent.setup();
    renderApp('/leaderboard/videos');
    expect(await screen.findByText('Error loading leaderboard')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Top videos' })).toBeTruthy();
  });

  it('says when nothing is ranked yet', async () => {
    mockApi({ 'GET /api/leaderboard/videos': jsonResponse({ videos: [] }) });
    renderApp('/leaderboard/videos');
    expect(await screen.findByText('No ranked videos yet')).toBeTruthy();
    expect(
      screen.getByText(
        `Videos approved in the last 14 days show up here once they have ${LEADERBOARD_MIN_VIEWS} counted views.`,
      ),
    ).toBeTruthy();
  });

  it('says under the title which videos are ranked (issue 18)', async () => {
    mockApi({ 'GET /api/leaderboard/videos': jsonResponse({ videos: [topVideo(1)] }) });
    renderApp('/leaderboard/videos');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Top Videos' });
    const header = heading.closest('header') as HTMLElement;
    expect(
      within(header).getByText(
        `Ranked among videos with at least ${LEADERBOARD_MIN_VIEWS} counted views.`,
      ),
    ).toBeTruthy();
    expect(within(header).getByRole('link', { name: 'How we count' }).getAttribute('href')).toBe(
      '/how-we-count',
    );
  });
});

describe('top creators', () => {
  const creators: TopCreator[] = [
    { rank: 1, creator: leo, averageScore: 0.4249, totalViews: 25_500, videoCount: 3 },
    { rank: 2, creator: maya, averageScore: 0.31, totalViews: 800, videoCount: 1 },
  ];

  it('shows the podium and the table with photo or placeholder, average score, views and videos', async () => {
    mockApi({ 'GET /api/leaderboard/creators': jsonResponse({ creators }) });
    const user = userEvent.setup();
    const { router } = renderApp('/leaderboard/creators');
    const table = await screen.findByRole('table', { name: 'Top creators' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Creator', 'Average score', 'Total views', 'Videos']);
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    expect(within(first as HTMLElement).getByText('Leo Park')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('42')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('25.5K')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('25,500 views').className).toContain('sr-only');
    expect(within(first as HTMLElement).getByText('3')).toBeTruthy();
    expect((first as HTMLElement).querySelector('img')?.getAttribute('src')).toBe(
      '/media/photos/leo.jpg',
    );
    // No photo: the initial stands in.
    expect((second as HTMLElement).querySelector('img')).toBeNull();
    expect(within(second as HTMLElement).getByText('M')).toBeTruthy();

    expect(
      screen.getByText(`Ranked among videos with at least ${LEADERBOARD_MIN_VIEWS} counted views.`),
    ).toBeTruthy();
    const podium = screen.getByRole('list', { name: 'Top 3 creators' });
    expect(within(podium).getAllByRole('listitem')).toHaveLength(2);

    const boards = screen.getByRole('navigation', { name: 'Switch leaderboard' });
    await user.click(within(boards).getByRole('link', { name: 'Videos' }));
    expect(router.state.location.pathname).toBe('/leaderboard/videos');
  });

  it('says "Error loading leaderboard"', async () => {
    mockApi({ 'GET /api/leaderboard/creators': errorResponse(503, 'unavailable', 'down') });
    renderApp('/leaderboard/creators');
    expect(await screen.findByText('Error loading leaderboard')).toBeTruthy();
  });
});
