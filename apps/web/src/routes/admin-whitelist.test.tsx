import type { AccessRequest, WhitelistEntry } from '@adreel/domain';
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

const request: AccessRequest = {
  id: '7d4a8f5e-2b1c-4d3e-9f8a-6b5c4d3e2f1a',
  name: 'Sam Rivera',
  email: 'sam@studio.example',
  role: 'brand',
  notes: 'We sell sneakers',
  status: 'pending',
  createdAt: new Date(Date.now() - 3_600_000).toISOString(),
};

const entry: WhitelistEntry = {
  id: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
  email: 'ana@example.com',
  roleAllowed: 'creator',
  createdAt: new Date(Date.now() - 86_400_000).toISOString(),
};

function renderWhitelist() {
  return renderApp('/admin/whitelist', signedInAs('admin'));
}

describe('admin whitelist', () => {
  it("fills the add form with the requester's email and role on Approve, and approves on add", async () => {
    let entries = [entry];
    let requests = [request];
    const fetchMock = mockApi({
      'GET /api/admin/whitelist': () => jsonResponse({ entries }),
      'GET /api/admin/access-requests': () => jsonResponse({ requests }),
      'POST /api/admin/whitelist': ({ json }) => {
        const added = {
          id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
          email: 'sam@studio.example',
          roleAllowed: 'brand' as const,
          createdAt: new Date().toISOString(),
        };
        entries = [added, ...entries];
        if ((json as { accessRequestId?: string }).accessRequestId) requests = [];
        return jsonResponse(added, 201);
      },
    });
    const user = userEvent.setup();
    renderWhitelist();

    const pending = await screen.findByRole('region', { name: /Pending access requests/ });
    expect(await within(pending).findByText('Sam Rivera')).toBeTruthy();
    expect(within(pending).getByText('We sell sneakers')).toBeTruthy();
    await user.click(within(pending).getByRole('button', { name: 'Approve' }));

    const form = screen.getByRole('region', { name: 'Add to whitelist' });
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('sam@studio.example');
    expect((within(form).getByLabelText('Role') as HTMLSelectElement).value).toBe('brand');
    expect(within(form).getByText(/Approving the request from/).textContent).toContain(
      'Sam Rivera',
    );
    expect(document.activeElement).toBe(email);

    await user.click(within(form).getByRole('button', { name: 'Add to whitelist' }));
    expect(await screen.findByText('Added to whitelist!')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/whitelist')).toEqual([
      { email: 'sam@studio.example', role: 'brand', accessRequestId: request.id },
    ]);
    // The form is empty again, the request has left the pending list, the entry is listed.
    expect(email.value).toBe('');
    expect(await within(pending).findByText('All caught up')).toBeTruthy();
    const list = screen.getByRole('region', { name: /^Whitelist/ });
    expect(await within(list).findByText('sam@studio.example')).toBeTruthy();
  });

  it('adds an email by hand with the chosen role', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/whitelist': jsonResponse({ entries: [] }),
      'GET /api/admin/access-requests': jsonResponse({ requests: [] }),
      'POST /api/admin/whitelist': jsonResponse(entry, 201),
    });
    const user = userEvent.setup();
    renderWhitelist();
    const form = await screen.findByRole('region', { name: 'Add to whitelist' });
    await user.type(within(form).getByLabelText('Email'), 'Ana@Example.com ');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Add to whitelist' }));
    expect(await screen.findByText('Added to whitelist!')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/whitelist')).toEqual([
      { email: 'Ana@Example.com', role: 'admin' },
    ]);
  });

  it('checks the email before adding', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/whitelist': jsonResponse({ entries: [] }),
      'GET /api/admin/access-requests': jsonResponse({ requests: [] }),
    });
    const user = userEvent.setup();
    renderWhitelist();
    const form = await screen.findByRole('region', { name: 'Add to whitelist' });
    await user.type(within(form).getByLabelText('Email'), 'ana@');
    await user.click(within(form).getByRole('button', { name: 'Add to whitelist' }));
    expect(await within(form).findByText('Invalid email address')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/whitelist')).toEqual([]);
  });

  it('removes an entry, and Undo puts the address back with its role', async () => {
    let entries = [entry];
    const fetchMock = mockApi({
      'GET /api/admin/whitelist': () => jsonResponse({ entries }),
      'GET /api/admin/access-requests': jsonResponse({ requests: [] }),
      [`DELETE /api/admin/whitelist/${entry.id}`]: () => {
        entries = [];
        return new Response(null, { status: 204 });
      },
      'POST /api/admin/whitelist': () => {
        const back = { ...entry, id: '2b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e' };
        entries = [back];
        return jsonResponse(back, 201);
      },
    });
    const user = userEvent.setup();
    renderWhitelist();
    await user.click(
      await screen.findByRole('button', { name: 'Remove ana@example.com from whitelist' }),
    );
    expect(await screen.findByText('Removed from whitelist')).toBeTruthy();
    expect(await screen.findByText('Nobody is whitelisted yet')).toBeTruthy();
    // Issue 18: removal acts at once, and the toast offers a few seconds to take it back.
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Added to whitelist!')).toBeTruthy();
    expect(sentBodies(fetchMock, 'POST /api/admin/whitelist')).toEqual([
      { email: 'ana@example.com', role: 'creator' },
    ]);
    expect(await screen.findByText('ana@example.com')).toBeTruthy();
  });

  it('declines a request', async () => {
    let requests = [request];
    const fetchMock = mockApi({
      'GET /api/admin/whitelist': jsonResponse({ entries: [] }),
      'GET /api/admin/access-requests': () => jsonResponse({ requests }),
      [`POST /api/admin/access-requests/${request.id}/decline`]: () => {
        requests = [];
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderWhitelist();
    // Issue 18: Decline asks first; Cancel sends nothing.
    await user.click(await screen.findByRole('button', { name: 'Decline' }));
    let dialog = await screen.findByRole('dialog', { name: 'Decline Sam Rivera’s request?' });
    expect(dialog.textContent).toContain('sam@studio.example is not added to the whitelist');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      sentBodies(fetchMock, `POST /api/admin/access-requests/${request.id}/decline`),
    ).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    dialog = await screen.findByRole('dialog', { name: 'Decline Sam Rivera’s request?' });
    await user.click(within(dialog).getByRole('button', { name: 'Decline request' }));
    expect(await screen.findByText('All caught up')).toBeTruthy();
    expect(await screen.findByText('Request declined')).toBeTruthy();
    await waitFor(() =>
      expect(
        sentBodies(fetchMock, `POST /api/admin/access-requests/${request.id}/decline`),
      ).toHaveLength(1),
    );
  });

  it('says which list failed to load', async () => {
    mockApi({
      'GET /api/admin/whitelist': errorResponse(500, 'internal', 'boom'),
      'GET /api/admin/access-requests': errorResponse(500, 'internal', 'boom'),
    });
    renderWhitelist();
    expect(await screen.findByText('Error loading whitelist')).toBeTruthy();
    expect(await screen.findByText('Error loading access requests')).toBeTruthy();
  });

  it("says 'Error adding to whitelist' when adding fails", async () => {
    mockApi({
      'GET /api/admin/whitelist': jsonResponse({ entries: [] }),
      'GET /api/admin/access-requests': jsonResponse({ requests: [] }),
      'POST /api/admin/whitelist': errorResponse(500, 'internal', 'boom'),
    });
    const user = userEvent.setup();
    renderWhitelist();
    const form = await screen.findByRole('region', { name: 'Add to whitelist' });
    await user.type(within(form).getByLabelText('Email'), 'ana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Add to whitelist' }));
    expect(await screen.findByText('Error adding to whitelist')).toBeTruthy();
  });
});
