/** The weekly digest mail: plain text first, an HTML part whose values are escaped. */
import { mailGreeting } from '@adreel/domain';
import { escapeHtml, oneLine } from '../../platform/mail/html';
import type { MailMessage } from '../../platform/mail/outbox';
import type { CreatorWeek, DigestContent } from './digest.queries';

export const WEEKLY_DIGEST_MAIL_KIND = 'weekly_digest';
export const TEST_DIGEST_MAIL_KIND = 'test_digest';

export interface DigestMailInput {
  to: string;
  name: string;
  content: DigestContent;
  /** Only for creators. */
  creatorWeek?: CreatorWeek;
  unsubscribeUrl: string;
  test?: boolean;
}

export interface DigestMailSettings {
  appName: string;
  publicUrl: string;
}

const count = (n: number) => n.toLocaleString('en-US');
const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const day = (at: Date) =>
  at.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const plural = (n: number, one: string, many: string) => `${count(n)} ${n === 1 ? one : many}`;

export function digestMail(input: DigestMailInput, settings: DigestMailSettings): MailMessage {
  const { content, creatorWeek } = input;
  const base = settings.publicUrl;
  const range = `${day(content.week.start)} – ${day(new Date(content.week.end.getTime() - 1))}`;
  const videoUrl = (id: string) => `${base}/feed?start=${encodeURIComponent(id)}`;
  const briefsUrl = `${base}/briefs`;
  const accountUrl = `${base}/account`;

  const text: string[] = [];
  const html: string[] = [];
  if (input.test) {
    text.push('[Test digest: this is how this week’s digest looks. It was sent to you only.]', '');
    html.push(
      '<p style="padding:8px 12px;background:#fef3c7;border-radius:6px">Test digest: this is how this week’s digest looks. It was sent to you only.</p>',
    );
  }
  text.push(mailGreeting(input.name), '', `Here is your ${settings.appName} week (${range}).`, '');
  html.push(
    `<p>${mailGreeting(escapeHtml(input.name))}</p>`,
    `<p>Here is your ${escapeHtml(settings.appName)} week (${escapeHtml(range)}).</p>`,
  );

  if (creatorWeek) {
    const line = `${plural(creatorWeek.views, 'view', 'views')}, ${plural(creatorWeek.likes, 'like', 'likes')}, ${dollars(creatorWeek.earningsCents)} earned`;
    text.push('YOUR WEEK', line, '');
    html.push(
      '<h2 style="font-size:16px">Your week</h2>',
      `<p><strong>${count(creatorWeek.views)}</strong> ${creatorWeek.views === 1 ? 'view' : 'views'} · <strong>${count(creatorWeek.likes)}</strong> ${creatorWeek.likes === 1 ? 'like' : 'likes'} · <strong>${escapeHtml(dollars(creatorWeek.earningsCents))}</strong> earned</p>`,
    );
  }

  text.push('TOP VIDEOS OF THE WEEK');
  html.push('<h2 style="font-size:16px">Top videos of the week</h2>');
  if (content.topVideos.length === 0) {
    text.push('No videos yet this week.', '');
    html.push('<p>No videos yet this week.</p>');
  } else {
    content.topVideos.forEach((video, index) => {
      text.push(
        `${index + 1}. ${video.title} by ${video.creatorName} (${plural(video.weekViews, 'view', 'views')}) ${videoUrl(video.id)}`,
      );
    });
    text.push('');
    html.push(
      `<ol>${content.topVideos
        .map(
          (video) =>
            `<li><a href="${escapeHtml(videoUrl(video.id))}">${escapeHtml(video.title)}</a> by ${escapeHtml(video.creatorName)} (${escapeHtml(plural(video.weekViews, 'view', 'views'))})</li>`,
        )
        .join('')}</ol>`,
    );
  }

  text.push('OPEN CAMPAIGNS');
  html.push('<h2 style="font-size:16px">Open campaigns</h2>');
  if (content.campaigns.length === 0) {
    text.push('No open campaigns right now.', '');
    html.push('<p>No open campaigns right now.</p>');
  } else {
    for (const campaign of content.campaigns) {
      const deadline = campaign.deadline ? `, until ${campaign.deadline}` : '';
      text.push(
        `- ${campaign.title} by ${campaign.brandName}: ${dollars(campaign.payoutPerVideoCents)} per video${deadline}`,
      );
    }
    text.push(`See every brief: ${briefsUrl}`, '');
    html.push(
      `<ul>${content.campaigns
        .map((campaign) => {
          const deadline = campaign.deadline ? `, until ${campaign.deadline}` : '';
          return `<li><strong>${escapeHtml(campaign.title)}</strong> by ${escapeHtml(campaign.brandName)}: ${escapeHtml(dollars(campaign.payoutPerVideoCents))} per video${escapeHtml(deadline)}</li>`;
        })
        .join('')}</ul>`,
      `<p><a href="${escapeHtml(briefsUrl)}">See every brief</a></p>`,
    );
  }

  text.push(
    '--',
    `You get this digest every Monday. Unsubscribe in one click: ${input.unsubscribeUrl}`,
    `Or change it on your account: ${accountUrl}`,
  );
  html.push(
    `<hr><p style="font-size:12px;color:#666">You get this digest every Monday. <a href="${escapeHtml(input.unsubscribeUrl)}">Unsubscribe</a> in one click, or change it on <a href="${escapeHtml(accountUrl)}">your account</a>.</p>`,
  );

  return {
    to: input.to,
    kind: input.test ? TEST_DIGEST_MAIL_KIND : WEEKLY_DIGEST_MAIL_KIND,
    subject: oneLine(`${input.test ? '[Test] ' : ''}Your ${settings.appName} week: ${range}`),
    text: text.join('\n'),
    html: html.join('\n'),
    // The one-click unsubscribe link is the recipient's alone (decision 024).
    carriesSecret: true,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
