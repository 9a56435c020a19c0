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
    const dialog = await screen.findByRole('dialog', { name: 'Reject “Morning run”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject video' }));
    expect(await screen.findByText('Failed to reject video')).toBeTruthy();
    // The question stays open to try again or cancel.
    expect(screen.getByRole('dialog', { name: 'Reject “Morning run”?' })).toBeTruthy();
  });

  it('asks before rejecting, with a reason the creator is told, and says the server message', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [first, second] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
      [`POST /api/admin/videos/${first.id}/reject`]: jsonResponse({
        message: 'Video rejected',
        video: { ...first, status: 'rejected' },
      }),
      [`POST /api/admin/videos/${second.id}/reject`]: jsonResponse({
        message: 'Video rejected',
        video: { ...second, status: 'rejected' },
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    // Issue 18: the click only asks; Cancel sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Reject Morning run' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject “Morning run”?' });
    expect(dialog.textContent).toContain(
      `${first.creator.displayName} is told by email that it was not approved, with your reason if you give one.`,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentBodies(fetchMock, `POST /api/admin/videos/${first.id}/reject`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Reject Morning run' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject “Morning run”?' });
    await user.type(within(dialog).getByLabelText('Reason'), '  Shows a prescription drug  ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject video' }));
    expect(await screen.findByText('Video rejected')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/admin/videos/${first.id}/reject`)).toEqual([
      { reason: 'Shows a prescription drug' },
    ]);

    // Without a reason: an empty body.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Reject Street food' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject “Street food”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject video' }));
    await waitFor(() =>
      expect(sentBodies(fetchMock, `POST /api/admin/videos/${second.id}/reject`)).toEqual([{}]),
    );
  });

  it('unfeatures with an Undo that features the video again', async () => {
    const starred = { ...live, featured: true };
    const fetchMock = mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [starred] }),
      [`POST /api/admin/videos/${live.id}/feature`]: ({ json }) => {
        const { featured } = json as { featured: boolean };
        return jsonResponse({
          message: featured ? 'Video featured' : 'Video unfeatured',
          video: { ...live, featured },
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('button', { name: 'Unfeature Already live' }));
    expect(await screen.findByText('Video unfeatured')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Video featured')).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/admin/videos/${live.id}/feature`)).toEqual([
      { featured: false },
      { featured: true },
    ]);
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

  it('lists open reports with a count, dismisses one and removes a video after confirming', async () => {
    const reported = buildVideo({ title: 'Too good to be true', status: 'approved' });
    const base = {
      status: 'open' as const,
      createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
      resolvedAt: null,
      video: {
        id: reported.id,
        title: reported.title,
        caption: null,
        status: 'approved',
        fileUrl: '/media/videos/reported.mp4',
        thumbUrl: null,
        creator: reported.creator,
      },
    };
    const spam = {
      ...base,
      id: '00000000-0000-4000-8000-0000000000f1',
      reason: 'Misleading claims about health',
      reporter: { id: '00000000-0000-4000-8000-0000000000e1', username: 'viewer' },
    };
    const scam = {
      ...base,
      id: '00000000-0000-4000-8000-0000000000f2',
      reason: 'Looks like a scam',
      reporter: { id: '00000000-0000-4000-8000-0000000000e2', username: 'sam' },
    };
    let open = [spam, scam];
    let closed: unknown[] = [];
    const fetchMock = mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
      'GET /api/admin/counts': () => jsonResponse({ pendingVideos: 0, openReports: open.length }),
      'GET /api/admin/reports?status=open': () => jsonResponse({ reports: open }),
      'GET /api/admin/reports?status=closed': () => jsonResponse({ reports: closed }),
      [`POST /api/admin/reports/${spam.id}/dismiss`]: () => {
        open = [scam];
        const report = { ...spam, status: 'dismissed', resolvedAt: new Date().toISOString() };
        closed = [report];
        return jsonResponse({ message: 'Report dismissed', report });
      },
      [`POST /api/admin/reports/${scam.id}/remove-video`]: () => {
        open = [];
        return jsonResponse({
          message: 'Video removed',
          report: { ...scam, status: 'actioned', resolvedAt: new Date().toISOString() },
        });
      },
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('tab', { name: 'Reports 2' }));

    const card = (await screen.findByText('Misleading claims about health')).closest(
      'li',
    ) as HTMLElement;
    expect(within(card).getByText('Too good to be true')).toBeTruthy();
    expect(within(card).getByText('@viewer')).toBeTruthy();
    expect(within(card).getByText('5 minutes ago')).toBeTruthy();
    expect(within(card).getByLabelText('Preview of Too good to be true')).toBeTruthy();

    await user.click(
      within(card).getByRole('button', { name: 'Dismiss report on Too good to be true' }),
    );
    expect(await screen.findByText('Report dismissed')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Reports 1' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Misleading claims about health')).toBeNull());

    const other = screen.getByText('Looks like a scam').closest('li') as HTMLElement;
    await user.click(
      within(other).getByRole('button', { name: 'Remove video Too good to be true' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Remove this video?' });
    // Issue 18: the creator is told too, with the admin's reason.
    expect(confirm.textContent).toContain('and so is the creator, with your reason');
    await user.type(within(confirm).getByLabelText('Reason'), 'A known scam');
    await user.click(within(confirm).getByRole('button', { name: 'Remove video' }));
    expect(await screen.findByText('Video removed')).toBeTruthy();
    expect(await screen.findByText('No open reports')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Reports 0' })).toBeTruthy();
    expect(sentBodies(fetchMock, `POST /api/admin/reports/${scam.id}/remove-video`)).toEqual([
      { reason: 'A known scam' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Closed' }));
    const closedCard = (await screen.findByText('Misleading claims about health')).closest(
      'li',
    ) as HTMLElement;
    expect(within(closedCard).getByText('Dismissed')).toBeTruthy();
    expect(within(closedCard).queryByRole('button', { name: /Dismiss/ })).toBeNull();
  });

  it("says the server's message when a report action fails, else a fallback", async () => {
    const report = {
      id: '00000000-0000-4000-8000-0000000000f3',
      reason: 'Spam',
      status: 'open',
      createdAt: new Date().toISOString(),
      resolvedAt: null,
      reporter: { id: null, username: 'deleted-user' },
      video: {
        id: first.id,
        title: 'Morning run',
        caption: null,
        status: 'approved',
        fileUrl: null,
        thumbUrl: null,
        creator: first.creator,
      },
    };
    mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
      'GET /api/admin/counts': jsonResponse({ pendingVideos: 0, openReports: 1 }),
      'GET /api/admin/reports?status=open': jsonResponse({ reports: [report] }),
      [`POST /api/admin/reports/${report.id}/dismiss`]: errorResponse(
        409,
        'conflict',
        'This report is already closed',
      ),
      [`POST /api/admin/reports/${report.id}/remove-video`]: errorResponse(500, 'http_500', ''),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('tab', { name: 'Reports 1' }));
    expect(await screen.findByText('No preview')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Dismiss report on Morning run' }));
    expect(await screen.findByText('This report is already closed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove video Morning run' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove video' }),
    );
    expect(await screen.findByText('Failed to remove video')).toBeTruthy();
  });

  it('recomputes scores from Tools', async () => {
    let fail = false;
    mockApi({
      'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
      'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
      'POST /api/admin/scores/recompute': () =>
        fail
          ? errorResponse(500, 'http_500', '')
          : jsonResponse({ message: 'Video scores recomputed successfully!', updated: 12 }),
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('tab', { name: 'Tools' }));
    await user.click(await screen.findByRole('button', { name: 'Recompute scores' }));
    expect(await screen.findByText('Video scores recomputed successfully!')).toBeTruthy();
    expect(screen.getByText('12 videos scored')).toBeTruthy();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Recompute scores' }));
    expect(await screen.findByText('Error recomputing scores')).toBeTruthy();
  });
});
