import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildVideo } from '@/test/build-video';
import { errorResponse, jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

describe('my videos', () => {
  it('lists own videos with status, views, likes and duration', async () => {
    mockApi({
      'GET /api/creator/videos': jsonResponse({
        videos: [
          buildVideo({ title: 'Waiting room', status: 'pending' }),
          buildVideo({
            title: 'Live one',
            status: 'approved',
            views: 12_345,
            likes: 950,
            durationSec: 27.4,
          }),
          buildVideo({
            title: 'Broken',
            status: 'failed',
            failureReason: 'The file has no video track.',
          }),
          buildVideo({ title: 'Cooking', status: 'processing', durationSec: null }),
        ],
      }),
    });
    renderApp('/creator/videos', signedInAs('creator'));

    const pending = (await screen.findByText('Waiting room')).closest('li') as HTMLElement;
    expect(within(pending).getByText('Pending')).toBeTruthy();
    expect(within(pending).getByText('Your video is being reviewed by our team')).toBeTruthy();

    const live = screen.getByText('Live one').closest('li') as HTMLElement;
    expect(within(live).getByText('Approved')).toBeTruthy();
    expect(within(live).getByText('12.3K')).toBeTruthy();
    expect(within(live).getByText('1.0K')).toBeTruthy();
    expect(within(live).getAllByText('0:27')).not.toHaveLength(0);

    const broken = screen.getByText('Broken').closest('li') as HTMLElement;
    expect(within(broken).getByText('Failed')).toBeTruthy();
    expect(within(broken).getByText('The file has no video track.')).toBeTruthy();

    const cooking = screen.getByText('Cooking').closest('li') as HTMLElement;
    expect(within(cooking).getByText('Processing')).toBeTruthy();
  });

  it("shows a processing video's percentage, with a progress bar, and asks again until it is done", async () => {
    const processing = buildVideo({
      title: 'Cooking',
      status: 'processing',
      processingProgress: 42,
      durationSec: null,
    });
    const done = { ...processing, status: 'pending' as const, processingProgress: null };
    let calls = 0;
    mockApi({
      'GET /api/creator/videos': () => {
        calls += 1;
        return jsonResponse({ videos: [calls === 1 ? processing : done] });
      },
    });
    renderApp('/creator/videos', signedInAs('creator'));

    const cooking = (await screen.findByText('Cooking')).closest('li') as HTMLElement;
    expect(within(cooking).getByText('Processing 42%')).toBeTruthy();
    const bar = within(cooking).getByRole('progressbar', { name: 'Processing' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(bar.getAttribute('aria-valuetext')).toBe('42%');

    // Polled while it processes: once done, the percentage and the bar are gone.
    await waitFor(() => expect(screen.getByText('Pending')).toBeTruthy(), { timeout: 5000 });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByText(/42%/)).toBeNull();
    expect(calls).toBe(2);
  });

  it('invites a first upload when there are no videos', async () => {
    mockApi({
      'GET /api/creator/videos': jsonResponse({ videos: [] }),
      'GET /api/campaigns/open': jsonResponse({ campaigns: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/creator/videos', signedInAs('creator'));
    expect(await screen.findByText('No videos yet')).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Upload your first video' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/creator/upload'));
  });

  it('says when the videos cannot be loaded', async () => {
    mockApi({ 'GET /api/creator/videos': errorResponse(500, 'internal', 'boom') });
    renderApp('/creator/videos', signedInAs('creator'));
    expect(await screen.findByText('Error loading videos')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says "Not selected" for an entry the brand turned down, as Earnings does (issue 18)', async () => {
    mockApi({
      'GET /api/creator/videos': jsonResponse({
        videos: [
          buildVideo({
            title: 'Dark alley',
            status: 'pending',
            campaignTitle: 'Night Run',
            submissionStatus: 'rejected_by_brand',
          }),
          buildVideo({
            title: 'Still waiting',
            status: 'pending',
            campaignTitle: 'Night Run',
            submissionStatus: 'submitted',
          }),
        ],
      }),
    });
    renderApp('/creator/videos', signedInAs('creator'));
    const turnedDown = (await screen.findByText('Dark alley')).closest('li') as HTMLElement;
    // SPEC.md §4: the video stays pending (only the admin rejects a video); the entry is not.
    expect(within(turnedDown).getByText('Pending')).toBeTruthy();
    expect(within(turnedDown).getByText('Not selected')).toBeTruthy();
    expect(
      within(turnedDown).getByText('The brand did not select it for its campaign.'),
    ).toBeTruthy();
    const waiting = screen.getByText('Still waiting').closest('li') as HTMLElement;
    expect(within(waiting).queryByText(/Not selected/)).toBeNull();
    expect(within(waiting).getByText('Your video is being reviewed by our team')).toBeTruthy();
  });
});
