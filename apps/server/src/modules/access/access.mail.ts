/** The mails of the join flow: the notice to admins and the approval to the requester. */
import { mailGreeting } from '@adreel/domain';
import { escapeHtml, oneLine } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/outbox';
import type { AccessRequestRow } from './access.queries';

export interface MailSettings {
  appName: string;
  publicUrl: string;
}

const ROLE_NAMES: Record<AccessRequestRow['role'], string> = {
  creator: 'Creator',
  brand: 'Brand',
  viewer: 'Viewer',
};

/** Tells an admin that someone asked to join (DESIGN.md §3 "Mail and jobs"). */
export function accessRequestNotice(
  to: string,
  request: AccessRequestRow,
  settings: MailSettings,
): MailMessage {
  const reviewUrl = `${settings.publicUrl}/admin/whitelist`;
  const fields: Array<[string, string]> = [
    ['Name', request.name],
    ['Email', request.email],
    ['Role', ROLE_NAMES[request.role]],
    ['Notes', request.notes ?? '—'],
  ];
  const text = [
    `${request.name} asked to join the ${settings.appName} Beta.`,
    '',
    ...fields.map(([label, value]) => `${label}: ${value}`),
    '',
    `Review pending requests: ${reviewUrl}`,
  ].join('\n');
  const rows = fields
    .map(([label, value]) => `<tr><th align="left">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join('');
  const html = [
    `<p>${escapeHtml(request.name)} asked to join the ${escapeHtml(settings.appName)} Beta.</p>`,
    `<table>${rows}</table>`,
    `<p><a href="${escapeHtml(reviewUrl)}">Review pending requests</a></p>`,
  ].join('\n');
  return {
    to,
    kind: 'access_request',
    // To admins, about a request they can see anyway: nothing private (decision 024).
    carriesSecret: false,
    subject: oneLine(`New ${settings.appName} Beta access request from ${request.name}`),
    text,
    html,
  };
}

/** The sign-up link a requester follows once approved; the form opens with their address filled in. */
export function signUpLink(email: string, publicUrl: string): string {
  return `${publicUrl}/auth?tab=signup&email=${encodeURIComponent(email)}`;
}

/** Tells the requester they may now sign up with their address (no invite code needed). */
export function accessApprovedMail(request: AccessRequestRow, settings: MailSettings): MailMessage {
  const link = signUpLink(request.email, settings.publicUrl);
  const text = [
    mailGreeting(request.name),
    '',
    `Good news: your request to join the ${settings.appName} Beta was approved.`,
    `Create your account with this email address here: ${link}`,
    '',
    `See you on ${settings.appName}!`,
  ].join('\n');
  const html = [
    `<p>${mailGreeting(escapeHtml(request.name))}</p>`,
    `<p>Good news: your request to join the ${escapeHtml(settings.appName)} Beta was approved.</p>`,
    `<p><a href="${escapeHtml(link)}">Create your account</a> with this email address.</p>`,
    `<p>See you on ${escapeHtml(settings.appName)}!</p>`,
  ].join('\n');
  return {
    to: request.email,
    kind: 'access_approved',
    // The sign-up link for a whitelisted address is the requester's alone (decision 024).
    carriesSecret: true,
    subject: `Your ${settings.appName} Beta access is approved`,
    text,
    html,
  };
}
