/** The mails of the accounts flows: plain text first, with an HTML part whose values are escaped. */
import type { MailMessage } from '../../platform/mail/outbox';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function linkMail(options: {
  to: string;
  kind: string;
  subject: string;
  intro: string;
  action: string;
  url: string;
  outro: string;
}): MailMessage {
  const { to, kind, subject, intro, action, url, outro } = options;
  return {
    to,
    kind,
    subject,
    text: `${intro}\n\n${action}: ${url}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function verificationMail(to: string, appName: string, url: string): MailMessage {
  return linkMail({
    to,
    kind: 'verify_email',
    subject: `Confirm your email for ${appName}`,
    intro: `Welcome to ${appName}! Please confirm that this is your email address.`,
    action: 'Confirm my email',
    url,
    outro: 'The link works once and expires in 24 hours. If you did not sign up, ignore this mail.',
  });
}

export function passwordResetMail(to: string, appName: string, url: string): MailMessage {
  return linkMail({
    to,
    kind: 'reset_password',
    subject: `Reset your ${appName} password`,
    intro: `Someone asked to reset the password of your ${appName} account.`,
    action: 'Choose a new password',
    url,
    outro:
      'The link works once and expires in 30 minutes. If it was not you, ignore this mail: your password stays as it is.',
  });
}
