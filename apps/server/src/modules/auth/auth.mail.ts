/** The mails of the accounts flows: plain text first, with an HTML part whose values are escaped. */
import { AUTH_TEXTS } from '@adreel/domain';
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
    // Verification and reset links sign their holder in: the recipient's alone (decision 024).
    carriesSecret: true,
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
    action: AUTH_TEXTS.chooseNewPassword,
    url,
    outro:
      'The link works once and expires in 30 minutes. If it was not you, ignore this mail: your password stays as it is.',
  });
}

/**
 * Someone signed up with an address that already has an account (decision 022): the sign-up
 * answers as for a new address, and the owner hears of it here instead.
 */
export function signUpAttemptMail(
  to: string,
  appName: string,
  urls: { signIn: string; reset: string },
): MailMessage {
  const intro = `Someone just tried to sign up for ${appName} with this email address. It already has an account, so nothing was changed.`;
  const outro =
    'If it was you, sign in instead, or reset your password if you forgot it. If it was not you, ignore this mail: your account stays as it is.';
  return {
    to,
    kind: 'signup_attempt',
    // Links to the sign-in and reset pages only: nothing in it lets anyone else in.
    carriesSecret: false,
    subject: `Someone tried to sign up for ${appName} with your email`,
    text: `${intro}\n\nSign in: ${urls.signIn}\nReset your password: ${urls.reset}\n\n${outro}\n`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(urls.signIn)}">Sign in</a> · <a href="${escapeHtml(urls.reset)}">Reset your password</a></p><p>${escapeHtml(outro)}</p>`,
  };
}
