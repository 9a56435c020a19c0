import { OUTBOX_TEXTS, type OutboxList, type OutboxMail } from '@adreel/domain';
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
  bodyHidden: false,
};

/** The outbox as a server on embedded defaults without SMTP outside production answers it. */
const embedded = (mails: OutboxMail[]): OutboxList => ({
  mails,
  delivery: 'outbox',
  secretsShown: true,
});

describe('admin outbox', () => {
  it('lists mail by recipient and subject, and opens one as plain text', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse(embedded([mail])) });
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

  it('says that links and codes are shown because this server runs on embedded defaults', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse(embedded([mail])) });
    renderApp('/admin/outbox', signedInAs('admin'));
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(OUTBOX_TEXTS.bannerShown);
  });

  it("shows a hidden mail's recipient, subject and time, and says its body is hidden", async () => {
    const reset: OutboxMail = {
      ...mail,
      id: 'd4d4d4d4-4444-4444-8444-444444444444',
      subject: 'Reset your Adreel password',
      kind: 'reset_password',
      textBody: OUTBOX_TEXTS.hiddenBody,
      htmlBody: null,
      sentAt: new Date(Date.now() - 540_000).toISOString(),
      bodyHidden: true,
    };
    mockApi({
      'GET /api/admin/outbox': jsonResponse({
        mails: [reset],
        delivery: 'smtp',
        secretsShown: false,
      } satisfies OutboxList),
    });
    const user = userEvent.setup();
    renderApp('/admin/outbox', signedInAs('admin'));
    expect((await screen.findByRole('note')).textContent).toBe(OUTBOX_TEXTS.bannerHiddenSmtp);
    const row = await screen.findByRole('button', { name: /Reset your Adreel password/ });
    expect(row.textContent).toContain('To sam@studio.example');
    expect(row.textContent).toContain('Body hidden');

    await user.click(row);
    const dialog = await screen.findByRole('dialog', { name: 'Reset your Adreel password' });
    expect(within(dialog).getByText(OUTBOX_TEXTS.hiddenBody)).toBeTruthy();
    expect(within(dialog).getByText('sam@studio.example')).toBeTruthy();
  });

  it('tells a production server without SMTP to set it', async () => {
    mockApi({
      'GET /api/admin/outbox': jsonResponse({
        mails: [],
        delivery: 'outbox',
        secretsShown: false,
      } satisfies OutboxList),
    });
    renderApp('/admin/outbox', signedInAs('admin'));
    expect((await screen.findByRole('note')).textContent).toBe(OUTBOX_TEXTS.bannerHiddenNoSmtp);
  });

  it('says when there is no mail yet', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse(embedded([])) });
    renderApp('/admin/outbox', signedInAs('admin'));
    expect(await screen.findByText('No mail yet')).toBeTruthy();
  });

  it('is listed in the admin section of the drawer', async () => {
    mockApi({ 'GET /api/admin/outbox': jsonResponse(embedded([])) });
    renderApp('/admin/outbox', signedInAs('admin'));
    const admin = await screen.findByRole('list', { name: 'Admin' });
    expect(within(admin).getByRole('link', { name: 'Outbox' }).getAttribute('href')).toBe(
      '/admin/outbox',
    );
  });
});
