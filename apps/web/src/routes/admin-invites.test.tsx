import type { Invite } from '@adreel/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockApi,
  renderApp,
  sentBodies,
  signedInAs,
} from '@/test/render-app';

const DAY = 24 * 3600 * 1000;
const iso = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

function buildInvite(overrides: Partial<Invite>): Invite {
  return {
    id: crypto.randomUUID(),
    code: 'AAAA1111',
    role: 'creator',
    expiresAt: iso(7 * DAY),
    isUsed: false,
    usedAt: null,
    usedByUsername: null,
    createdAt: iso(-DAY),
    status: 'Active',
    ...overrides,
  };
}

const existing = [
  buildInvite({ code: 'ACTV2345', createdAt: iso(-1 * DAY) }),
  buildInvite({
    code: 'USED3456',
    role: 'brand',
    isUsed: true,
    usedAt: iso(-2 * DAY),
    usedByUsername: 'nike_studio',
    createdAt: iso(-5 * DAY),
    status: 'Used',
  }),
  buildInvite({
    code: 'GONE4567',
    expiresAt: iso(-DAY),
    createdAt: iso(-9 * DAY),
    status: 'Expired',
  }),
];

/** The invites table's rows as "CODE Status", in order. */
function tableRows() {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = within(row).getAllByRole('cell');
      return `${cells[0]?.textContent?.replace('New', '').trim()} ${cells[2]?.textContent}`;
    });
}

describe('admin invites', () => {
  it('lists invites newest first with their status', async () => {
    mockApi({ 'GET /api/admin/invites': jsonResponse({ invites: [...existing].reverse() }) });
    renderApp('/admin/invites', signedInAs('admin'));
    await screen.findByRole('table');
    expect(tableRows()).toEqual(['ACTV2345 Active', 'USED3456 Used', 'GONE4567 Expired']);
    expect(screen.getAllByText('@nike_studio').length).toBeGreaterThan(0);
  });

  it('generates codes, announces them, and shows them in the list', async () => {
    const created = [
      buildInvite({ code: 'NEWA1111', role: 'brand', createdAt: iso(0) }),
      buildInvite({ code: 'NEWB2222', role: 'brand', createdAt: iso(0) }),
    ];
    let invites = existing;
    const fetchMock = mockApi({
      'GET /api/admin/invites': () => jsonResponse({ invites }),
      'POST /api/admin/invites': () => {
        invites = [...created, ...existing];
        return jsonResponse({ invites: created }, 201);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/invites', signedInAs('admin'));
    await screen.findByRole('table');

    const days = screen.getByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '14');
    const count = screen.getByLabelText('Number of codes');
    await user.clear(count);
    await user.type(count, '2');
    await user.selectOptions(screen.getByLabelText('Role'), 'brand');
    await user.click(screen.getByRole('button', { name: 'Generate' }));

    expect(await screen.findByText('Created 2 invite(s)!')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/invites')).toEqual([
      { expiryDays: 14, count: 2, role: 'brand' },
    ]);
    expect(await screen.findAllByText('NEWA1111')).not.toHaveLength(0);
    expect(tableRows().slice(0, 2)).toEqual(['NEWA1111 Active', 'NEWB2222 Active']);
  });

  it('refuses an expiry beyond 365 days without calling the server', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/invites': jsonResponse({ invites: [] }) });
    const user = userEvent.setup();
    renderApp('/admin/invites', signedInAs('admin'));
    const days = await screen.findByLabelText('Expires in (days)');
    await user.clear(days);
    await user.type(days, '400');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Expiry must be between 1 and 365 days')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/invites')).toEqual([]);
  });

  it('copies a code to the clipboard', async () => {
    mockApi({ 'GET /api/admin/invites': jsonResponse({ invites: existing }) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    renderApp('/admin/invites', signedInAs('admin'));
    await screen.findByRole('table');
    await user.click(
      screen.getAllByRole('button', { name: 'Copy code ACTV2345' })[0] as HTMLElement,
    );
    expect(await screen.findByText('Code copied to clipboard!')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('ACTV2345');
  });

  it('says when there are no invites yet, and when they cannot be loaded', async () => {
    mockApi({ 'GET /api/admin/invites': jsonResponse({ invites: [] }) });
    const first = renderApp('/admin/invites', signedInAs('admin'));
    expect(await screen.findByText('No invites yet')).toBeTruthy();
    first.unmount();

    mockApi({ 'GET /api/admin/invites': errorResponse(500, 'internal', 'boom') });
    renderApp('/admin/invites', signedInAs('admin'));
    expect(await screen.findByText('Error loading invites')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('says "Error creating invites" when generation fails', async () => {
    mockApi({
      'GET /api/admin/invites': jsonResponse({ invites: [] }),
      'POST /api/admin/invites': errorResponse(500, 'internal', 'boom'),
    });
    const user = userEvent.setup();
    renderApp('/admin/invites', signedInAs('admin'));
    await user.click(await screen.findByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Error creating invites')).toBeTruthy();
  });
});
