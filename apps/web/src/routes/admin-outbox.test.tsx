import type { OutboxMail } from '@adreel/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedInAs } from '@/test/render-app';

const mail: OutboxMail = {
  id: 'c3c3c3c3-3333-4333-8333-333333333333',
  toAddress: 'sam@studio.example',
  subject: 'Your Adreel access is approved',
  textBody: 'Hi Sam,\n\nSign up here: https://adreel.example/auth?tab=signup',
  htmlBody: '<p>Hi Sam</p><img src=x onerror="window.hacked=1"><script>window.hacked=1</script>',
  kind: 'access_approved',
  createdAt: new Date(Date.now() - 600_000).toISOString(),
  sentAt: null,
};

describe('admin outbox', () => {
  it('lists mail by recipient and subject, and opens one as plain text', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse({ mails: [mail] }) });
    const user = userEvent.setup();
    renderApp('/admin/outbox', signedInAs('admin'));
    const row = await screen.findByRole('button', { name: /Your Adreel access is approved/ });
    expect(row.textContent).toContain('To sam@studio.example');
    expect(row.textContent).toContain('10 minutes ago');

    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Your Adreel access is approved' });
    expect(within(dialog).getByText(/Sign up here: https:\/\/adreel\.example/)).toBeTruthy();
    expect(dialog.querySelector('img, script')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
  });

  it('says when there is no mail yet', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse({ mails: [] }) });
    renderApp('/admin/outbox', signedInAs('admin'));
    expect(await screen.findByText('No mail yet')).toBeTruthy();
  });

  it('is listed in the admin section of the drawer', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse({ mails: [] }) });
    renderApp('/admin/outbox', signedInAs('admin'));
    const admin = await screen.findByRole('list', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Outbox' }).getAttribute('href')).toBe(
      '/admin/outbox',
    );
  });
});
