import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildVideo } from '@/test/build-video';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  signedInAs,
} from '@/test/render-app';

const first = buildVideo({ title: 'Morning run', caption: 'Lace up', durationSec: 21 });
const second = buildVideo({ title: 'Street food' });
const live = buildVideo({ title: 'Already live', status: 'approved', views: 4200 });

describe('admin dashboard', () => {
  it('lists pending videos with a count, and approves one with the server message', async () => {
    let pending = [first, second];
    const fetchMock = mockApi({
      'GET /api/admin/videos?status=pending': () => jsonResponse({ videos: pending }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [live] }),
      [`POST /api/admin/videos/${first.id}/approve`]: () => {
        pending = [second];
        return jsonResponse({
          message: 'Video approved',
          video: { ...first, status: 'approved' },
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));

    expect(await screen.findByRole('tab', { name: 'Pending Videos 2' })).toBeTruthy();
    const card = (await screen.findByText('Morning run')).closest('li') as HTMLElement;
    expect(within(card).getByText('Lace up')).toBeTruthy();
    expect(within(card).getByText(/Maya Chen/)).toBeTruthy();
    expect(within(card).getByLabelText('Preview of Morning run')).toBeTruthy();

    await user.click(within(card).getByRole('button', { name: 'Approve Morning run' }));
    expect(await screen.findByText('Video approved')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Pending Videos 1' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Morning run')).toBeNull());
    expect(sentBodies(fetchMock, `POST /api/admin/videos/${first.id}/approve`)).toHaveLength(1);
  });

  it('says "Failed to approve video" and "Failed to reject video" when the server refuses', async () => {
    mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [first] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
      [`POST /api/admin/videos/${first.id}/approve`]: errorResponse(500, 'internal', 'boom'),
      [`POST /api/admin/videos/${first.id}/reject`]: errorResponse(500, 'internal', 'boom'),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('button', { name: 'Approve Morning run' }));
    expect(await screen.findByText('Failed to approve video')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Reject Morning run' }));
    expect(await screen.findByText('Failed to reject video')).toBeTruthy();
  });

  it('rejects with the server message', async () => {
    mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [first] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
      [`POST /api/admin/videos/${first.id}/reject`]: jsonResponse({
        message: 'Video rejected',
        video: { ...first, status: 'rejected' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('button', { name: 'Reject Morning run' }));
    expect(await screen.findByText('Video rejected')).toBeTruthy();
  });

  it('features an approved video, and says so when that fails', async () => {
    let fail = false;
    const fetchMock = mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [live] }),
      [`POST /api/admin/videos/${live.id}/feature`]: () =>
        fail
          ? errorResponse(500, 'internal', 'boom')
          : jsonResponse({ message: 'Video featured', video: { ...live, featured: true } }),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    expect(await screen.findByText('All caught up')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Feature Already live' }));
    expect(await screen.findByText('Video featured')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/admin/videos/${live.id}/feature`)).toEqual([
      { featured: true },
    ]);
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Feature Already live' }));
    expect(await screen.findByText('Failed to update featured status')).toBeTruthy();
  });

  it('shows reports and tools honestly: nothing invented, tools switched off', async () => {
    mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('tab', { name: 'Reports' }));
    expect(await screen.findByText('No reports yet')).toBeTruthy();
    await user.click(screen.getByRole('tab', { name: 'Tools' }));
    const recompute = await screen.findByRole('button', { name: 'Recompute scores' });
    expect((recompute as HTMLButtonElement).disabled).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Send test digest' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
