/** Tells a reporter what became of their report (issue 5: "the reporter is told the outcome by mail"). */
import { mailGreeting, mailGuidelinesLine } from '@adreel/domain';
import { escapeHtml, oneLine } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/outbox';

export interface OutcomeMailInput {
  to: string;
  reporterName: string;
  videoTitle: string;
  reason: string;
  outcome: 'dismissed' | 'actioned';
}

export interface MailSettings {
  appName: string;
  publicUrl: string;
}

export const REPORT_OUTCOME_MAIL_KIND = 'report_outcome';

export function reportOutcomeMail(input: OutcomeMailInput, settings: MailSettings): MailMessage {
  const verdict =
    input.outcome === 'actioned'
      ? 'We reviewed it and removed the video: it breaks our Community Guidelines.'
      : 'We reviewed it and found that the video does not break our Community Guidelines, so it stays up.';
  const guidelines = `${settings.publicUrl}/guidelines`;
  const text = [
    mailGreeting(input.reporterName),
    '',
    `Thank you for reporting "${input.videoTitle}" (your reason: ${input.reason}).`,
    verdict,
    '',
    mailGuidelinesLine(guidelines),
    '',
    `Thank you for helping keep ${settings.appName} safe.`,
  ].join('\n');
  const html = [
    `<p>${mailGreeting(escapeHtml(input.reporterName))}</p>`,
    `<p>Thank you for reporting “${escapeHtml(input.videoTitle)}” (your reason: ${escapeHtml(input.reason)}).</p>`,
    `<p>${escapeHtml(verdict)}</p>`,
    `<p><a href="${escapeHtml(guidelines)}">Our Community Guidelines</a></p>`,
    `<p>Thank you for helping keep ${escapeHtml(settings.appName)} safe.</p>`,
  ].join('\n');
  return {
    to: input.to,
    kind: REPORT_OUTCOME_MAIL_KIND,
    // A notice with no link or code of the reporter's: admins may read it (decision 024).
    carriesSecret: false,
    subject: oneLine(
      input.outcome === 'actioned'
        ? `Your report on ${settings.appName}: the video was removed`
        : `Your report on ${settings.appName}: the video stays up`,
    ),
    text,
    html,
  };
}
