/**
 * Tells a creator that an admin did not approve their video, or removed it after a report (issue
 * 18: the admin's reject and removal ask first, with an optional reason, and the creator is told),
 * with that reason when there is one.
 */
import { mailGreeting, mailGuidelinesLine } from '@adreel/domain';
import { escapeHtml, oneLine } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/outbox';

export interface RejectedMailInput {
  to: string;
  creatorName: string;
  videoTitle: string;
  reason?: string;
  /** Removed after a report (it had been live), rather than not approved in review. */
  afterReport?: boolean;
}

export interface MailSettings {
  appName: string;
  publicUrl: string;
}

export const VIDEO_REJECTED_MAIL_KIND = 'video_rejected';

export function videoRejectedMail(input: RejectedMailInput, settings: MailSettings): MailMessage {
  const verdict = input.afterReport
    ? `Your video "${input.videoTitle}" was removed after a report: it breaks our Community Guidelines.`
    : `Your video "${input.videoTitle}" was not approved, so it will not appear in the feed.`;
  const guidelines = `${settings.publicUrl}/guidelines`;
  const text = [
    mailGreeting(input.creatorName),
    '',
    verdict,
    ...(input.reason ? [`The reviewer's reason: ${input.reason}`] : []),
    '',
    mailGuidelinesLine(guidelines),
    `You are welcome to upload a new version.`,
  ].join('\n');
  const html = [
    `<p>${mailGreeting(escapeHtml(input.creatorName))}</p>`,
    `<p>${escapeHtml(verdict)}</p>`,
    ...(input.reason ? [`<p>The reviewer's reason: ${escapeHtml(input.reason)}</p>`] : []),
    `<p><a href="${escapeHtml(guidelines)}">Our Community Guidelines</a></p>`,
    '<p>You are welcome to upload a new version.</p>',
  ].join('\n');
  return {
    to: input.to,
    kind: VIDEO_REJECTED_MAIL_KIND,
    // A notice with no link or code of the creator's: admins may read it (decision 024).
    carriesSecret: false,
    subject: oneLine(
      input.afterReport
        ? `Your video on ${settings.appName} was removed`
        : `Your video on ${settings.appName} was not approved`,
    ),
    text,
    html,
  };
}
