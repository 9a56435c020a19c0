/**
 * Issue 7 on the web: the test digest on Tools, live tab counts on /admin, the audit log page, and
 * "Weekly digest" and "Your data" on /account.
 */
import { CAMPAIGN_ERRORS } from '@adreel/domain';
import type { AuditEntry } from '@adreel/domain/audit-api';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const EMPTY_ADMIN = {
  'GET /api/admin/videos?status=pending': jsonResponse({ videos: [] }),
  'GET /api/admin/videos?status=approved': jsonResponse({ videos: [] }),
  'GET /api/admin/reports?status=open': jsonResponse({ reports: [] }),
};

describe('admin tools and live counts', () => {
  it('sends a test digest with the server message, else the fallback', async () => {
    let answer: Response = jsonResponse({ message: 'Test digest sent! Check your inbox.' });
    const fetchMock = mockApi({
      ...EMPTY_ADMIN,
      'POST /api/admin/digest/test': () => answer,
    });
    const user = userEvent.setup();
    renderApp('/admin', signedInAs('admin'));
    await user.click(await screen.findByRole('tab', { name: 'Tools' }));
    const send = await screen.findByRole('button', { name: 'Send test digest' });
    await user.click(send);
    expect(await screen.findByText('Test digest sent! Check your inbox.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the outbox' }).getAttribute('href')).toBe(
      '/admin/outbox',
    );
    expect(sentBodies(fetchMock, 'POST /api/admin/digest/test')).toEqual([{ test: true }]);

    answer = errorResponse(503, 'mail_down', 'Mail is paused for maintenance');
    await user.click(send);
    expect(await screen.findByText('Mail is paused for maintenance')).toBeTruthy();
    answer = errorResponse(500, 'http_500', '');
    await user.click(send);
    expect(await screen.findByText('Error sending test digest')).toBeTruthy();
  });

  it('updates the tab counts as the server streams them', async () => {
    const encoder = new TextEncoder();
    let push: (counts: object) => void = () => {};
    mockApi({
      ...EMPTY_ADMIN,
      'GET /api/admin/counts': jsonResponse({ pendingVideos: 0, openReports: 0 }),
      'GET /api/admin/counts/stream': () =>
        new Response(
          new ReadableStream<Uint8Array>({
            start(controller) {
              push = (counts) =>
                controller.enqueue(encoder.encode(`data: ${JSON.stringify(counts)}\n\n`));
              controller.enqueue(encoder.encode('retry: 3000\n\n'));
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        ),
    });
    renderApp('/admin', signedInAs('admin'));
    expect(await screen.findByRole('tab', { name: 'Reports 0' })).toBeTruthy();
    await waitFor(() => push({ pendingVideos: 2, openReports: 1 }));
    expect(await screen.findByRole('tab', { name: 'Pending Videos 2' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Reports 1' })).toBeTruthy();
    push({ pendingVideos: 2, openReports: 3 });
    expect(await screen.findByRole('tab', { name: 'Reports 3' })).toBeTruthy();
  });
});

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: crypto.randomUUID(),
  actor: { id: crypto.randomUUID(), username: 'root', displayName: 'Root', deleted: false },
  actorRole: 'admin',
  action: 'video.approve',
  targetType: 'video',
  targetId: '7f0c2a1e-0000-4000-8000-000000000001',
  details: {},
  createdAt: new Date(Date.now() - 60_000).toISOString(),
  ...overrides,
});

describe('audit log page', () => {
  it('lists who did what to which target and when, filters, and loads older entries', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/audit/facets': jsonResponse({
        actions: ['transaction.mark_paid', 'video.approve'],
        targetTypes: ['transaction', 'video'],
      }),
      'GET /api/admin/audit': jsonResponse({
        entries: [
          entry({
            action: 'transaction.mark_paid',
            targetType: 'transaction',
            actorRole: 'brand',
            actor: {
              id: crypto.randomUUID(),
              username: 'acme',
              displayName: 'Acme',
              deleted: false,
            },
          }),
          entry({
            action: 'account.delete',
            targetType: 'user',
            actor: { id: crypto.randomUUID(), username: null, displayName: null, deleted: true },
          }),
        ],
        nextCursor: 'c1',
      }),
      'GET /api/admin/audit?cursor=c1': jsonResponse({
        entries: [entry({ targetId: 'older-one' })],
        nextCursor: null,
      }),
      'GET /api/admin/audit?actor=root&action=video.approve&from=2026-11-01': jsonResponse({
        entries: [],
        nextCursor: null,
      }),
    });
    const user = userEvent.setup();
    renderApp('/admin/audit', signedInAs('admin'));
    const list = await screen.findByRole('list', { name: 'Audit log entries' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]?.textContent).toContain('@acme');
    expect(rows[0]?.textContent).toContain('Transaction mark paid');
    expect(rows[1]?.textContent).toContain('Deleted user');
    expect(rows[1]?.textContent).toContain('Account delete');

    await user.click(screen.getByRole('button', { name: 'Load older entries' }));
    expect(await within(list).findByText('older-one')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();

    await user.type(screen.getByLabelText('Who'), 'root');
    await user.selectOptions(screen.getByLabelText('What'), 'video.approve');
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByText('No entries match these filters.')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([input]) =>
        String(input).endsWith('?actor=root&action=video.approve&from=2026-11-01'),
      ),
    ).toBe(true);
  });

  it('says so when the log cannot be loaded', async () => {
    mockApi({
      'GET /api/admin/audit/facets': jsonResponse({ actions: [], targetTypes: [] }),
      'GET /api/admin/audit': errorResponse(500, 'http_500', ''),
    });
    renderApp('/admin/audit', signedInAs('admin'));
    expect(await screen.findByText('Error loading the audit log')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('account: digest and your data', () => {
  it('turns the weekly digest off', async () => {
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/account/digest': jsonResponse({ subscribed: true }),
      'PUT /api/account/digest': ({ json }: { json: unknown }) => jsonResponse(json),
    });
    const user = userEvent.setup();
    renderApp('/account', signedInAs('creator'));
    const box = await screen.findByRole('checkbox', { name: 'Email me the weekly digest' });
    expect((box as HTMLInputElement).checked).toBe(true);
    await user.click(box);
    expect(await screen.findByText('You will no longer get the weekly digest.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(sentBodies(fetchMock, 'PUT /api/account/digest')).toEqual([{ subscribed: false }]);
  });

  it('shows the change at once, and puts it back when it cannot be saved', async () => {
    let fail: (response: Response) => void = () => {};
    mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/account/digest': jsonResponse({ subscribed: true }),
      'PUT /api/account/digest': () =>
        new Promise<Response>((resolve) => {
          fail = resolve;
        }),
    });
    renderApp('/account', signedInAs('creator'));
    const box = (await screen.findByRole('checkbox', {
      name: 'Email me the weekly digest',
    })) as HTMLInputElement;
    // In the same task as the click, as a browser paints it (and as Playwright's check() reads it).
    fireEvent.click(box);
    expect(box.checked).toBe(false);
    await waitFor(() => expect(box.disabled).toBe(true));
    fail(jsonResponse({ error: 'server_error', message: 'Try again later' }, 500));
    await waitFor(() => expect(box.checked).toBe(true));
    expect(box.disabled).toBe(false);
  });

  it('deletes the account after the password, says why it refused, then signs out', async () => {
    let wrong = true;
    const fetchMock = mockApi({
      'GET /api/account/sessions': jsonResponse({ sessions: [] }),
      'GET /api/account/digest': jsonResponse({ subscribed: true }),
      'POST /api/account/delete': () =>
        wrong
          ? errorResponse(400, 'wrong_password', 'Incorrect password')
          : jsonResponse({ message: 'Your account was deleted.' }),
    });
    const user = userEvent.setup();
    const app = renderApp('/account', signedInAs('creator'));
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(dialog.textContent).toContain('payments brands booked for your videos stay');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(
      await within(dialog).findByText('Please enter your password to delete your account'),
    ).toBeTruthy();
    await user.type(within(dialog).getByLabelText('Your password'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeTruthy();
    wrong = false;
    await user.clear(within(dialog).getByLabelText('Your password'));
    await user.type(within(dialog).getByLabelText('Your password'), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account was deleted.')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/account/delete')).toEqual([
      { password: 'nope' },
      { password: 'right one' },
    ]);
    await waitFor(() => expect(app.signOut).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/'));
  });
});

describe('brand ledger after a creator deleted their account', () => {
  it('keeps the payment, labelled "Deleted creator", says nobody is there to pay, and offers no Mark Paid', async () => {
    mockApi({
      'GET /api/brand/campaigns': jsonResponse({ campaigns: [] }),
      'GET /api/brand/submissions': jsonResponse({ submissions: [] }),
      'GET /api/brand/transactions': jsonResponse({
        transactions: [
          {
            id: crypto.randomUUID(),
            campaign: { id: crypto.randomUUID(), title: 'Summer drop' },
            creator: null,
            videoTitle: 'Beach bottle',
            amountCents: 25_000,
            status: 'recorded',
            createdAt: '2026-11-20T10:00:00.000Z',
            paidAt: null,
          },
        ],
      }),
    });
    const user = userEvent.setup();
    renderApp('/brand/dashboard', signedInAs('brand'));
    await user.click(await screen.findByRole('tab', { name: 'Payments' }));
    const list = await screen.findByRole('list', { name: 'Payments' });
    expect(within(list).getByText(/Deleted creator/)).toBeTruthy();
    expect(within(list).getByText(CAMPAIGN_ERRORS.creatorDeleted)).toBeTruthy();
    expect(within(list).queryByRole('button', { name: /Mark Paid/ })).toBeNull();
    // Nobody is owed it: the totals do not count it as to pay.
    expect(screen.getByText((_, node) => node?.textContent === '$0 to pay · $0 paid')).toBeTruthy();
  });
});
