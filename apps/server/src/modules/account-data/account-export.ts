/**
 * Everything the platform holds about one account, as one JSON document (issue 7 "Your data"). Only
 * rows about this user: what others did to their videos is counted, never listed by person.
 */
import { SESSION_MESSAGES } from '@adreel/domain';
import type { Database } from '../../db/client';
import { notFound } from '../../platform/errors';
import { type Actor, authorize } from '../../platform/policy';
import { exportAccessRequests, exportWhitelistEntries } from '../access/access.accounts';
import { exportAuditEntriesAbout } from '../audit/audit.accounts';
import { findUserWithProfile, listAllSessions, roleRowsOf } from '../auth/auth.accounts';
import {
  exportCampaigns,
  exportSubmissions,
  exportTransactions,
} from '../campaigns/campaigns.accounts';
import { exportDigestPreferences, exportDigestSends } from '../digest/digest.accounts';
import { countViewsRecorded, exportLikes, exportShares } from '../engagement/engagement.accounts';
import { exportFactors } from '../mfa/mfa.accounts';
import { exportIdentities } from '../oidc/oidc.accounts';
import { countReportsOn, exportReportsBy } from '../reports/reports.accounts';
import { findVideoTitles, listCreatorVideoRows } from '../videos/videos.service';
import { mayHandleAccountData } from './account-data.policy';

const iso = (at: Date | null | undefined) => (at ? at.toISOString() : null);
const absolute = (base: string, url: string | null) =>
  url ? (/^https?:\/\//.test(url) ? url : `${base}${url}`) : null;

/** Everything held about the caller's own account (SPEC.md §8). */
export async function exportOwnAccount(db: Database, actor: Actor, publicUrl: string) {
  authorize(mayHandleAccountData(actor, { userId: actor.userId }));
  return exportAccount(db, actor.userId, publicUrl);
}

export async function exportAccount(db: Database, userId: string, publicUrl: string) {
  const user = await findUserWithProfile(db, userId);
  if (!user || user.user.deletedAt) throw notFound(SESSION_MESSAGES.accountNotFound);
  const email = user.user.email;
  // Rows kept under an address (access requests, the whitelist) belong to whoever proves it: an
  // unproven account did not make them and gets none of them (decision 022).
  const proven = user.user.emailVerifiedAt !== null;
  const none = async () => [];

  // Each owning module hands over its own rows (its *.accounts.ts); this file only shapes them.
  const [
    roles,
    sessionRows,
    factorRows,
    identityRows,
    videoRows,
    likedRows,
    sharedRows,
    reportedRows,
    submissionRows,
    transactionRows,
    campaignRows,
    requestRows,
    whitelistRows,
    auditRows,
    preference,
    sends,
    viewCount,
  ] = await Promise.all([
    roleRowsOf(db, userId),
    listAllSessions(db, userId),
    exportFactors(db, userId),
    exportIdentities(db, userId),
    listCreatorVideoRows(db, userId),
    exportLikes(db, userId),
    exportShares(db, userId),
    exportReportsBy(db, userId),
    exportSubmissions(db, userId),
    exportTransactions(db, userId),
    exportCampaigns(db, userId),
    proven ? exportAccessRequests(db, email) : none(),
    proven ? exportWhitelistEntries(db, email) : none(),
    exportAuditEntriesAbout(db, userId),
    exportDigestPreferences(db, userId),
    exportDigestSends(db, userId),
    countViewsRecorded(db, userId),
  ]);

  // Titles of the videos they liked, shared or reported, from the videos module; a row whose video
  // went meanwhile is left out, as a join would.
  const titlesOf = await findVideoTitles(db, [
    ...likedRows.map((row) => row.videoId),
    ...sharedRows.map((row) => row.videoId),
    ...reportedRows.map((row) => row.videoId),
  ]);
  const titled = <T extends { videoId: string }>(rows: T[]) =>
    rows.flatMap((row) => {
      const title = titlesOf.get(row.videoId);
      return title === undefined ? [] : [{ row, title }];
    });
  const likeRows = titled(likedRows).map(({ row, title }) => ({
    videoId: row.videoId,
    title,
    createdAt: row.createdAt,
  }));
  const shareRows = titled(sharedRows).map(({ row, title }) => ({
    videoId: row.videoId,
    title,
    createdAt: row.createdAt,
  }));
  const reportRows = titled(reportedRows).map(({ row, title }) => ({ report: row, title }));

  const videoIds = videoRows.map((video) => video.id);
  const videoTitles = new Map(videoRows.map((video) => [video.id, video.title]));
  const reportsOnMyVideos = await countReportsOn(db, videoIds);

  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything this platform holds about your account. Links to your videos open their files.',
    profile: {
      id: user.user.id,
      email,
      emailVerifiedAt: iso(user.user.emailVerifiedAt),
      username: user.profile?.username ?? null,
      displayName: user.profile?.displayName ?? null,
      photoUrl: absolute(publicUrl, user.profile?.photoUrl ?? null),
      requestedRole: user.user.requestedRole,
      hasPassword: user.user.passwordHash !== null,
      createdAt: iso(user.user.createdAt),
    },
    roles: roles.map((role) => ({ role: role.role, since: iso(role.createdAt) })),
    sessions: sessionRows.map((session) => ({
      id: session.id,
      userAgent: session.userAgent,
      ip: session.ip,
      assuranceLevel: session.aal,
      createdAt: iso(session.createdAt),
      lastSeenAt: iso(session.lastSeenAt),
      revokedAt: iso(session.revokedAt),
    })),
    // Never the secrets themselves (TOTP seeds, public keys): only what the factor is.
    factors: factorRows.map((factor) => ({
      id: factor.id,
      type: factor.factorType,
      friendlyName: factor.friendlyName,
      phone: factor.phone,
      verifiedAt: iso(factor.verifiedAt),
      lastUsedAt: iso(factor.lastUsedAt),
      createdAt: iso(factor.createdAt),
    })),
    identities: identityRows.map((identity) => ({
      id: identity.id,
      provider: identity.provider,
      email: identity.email,
      createdAt: iso(identity.createdAt),
      lastSignInAt: iso(identity.lastSignInAt),
    })),
    videos: videoRows.map((video) => ({
      id: video.id,
      title: video.title,
      caption: video.caption,
      status: video.status,
      ctaUrl: video.ctaUrl,
      ctaText: video.ctaText,
      fileUrl: absolute(publicUrl, video.fileUrl),
      thumbnailUrl: absolute(publicUrl, video.thumbUrl),
      pageUrl: video.status === 'approved' ? `${publicUrl}/feed?start=${video.id}` : null,
      durationSec: video.durationSec,
      views: video.views,
      likes: video.likes,
      shares: video.shares,
      clicks: video.clicks,
      featured: video.featured,
      publishedAt: iso(video.publishedAt),
      createdAt: iso(video.createdAt),
    })),
    reportsOnYourVideos: reportsOnMyVideos,
    likes: likeRows.map((like) => ({ ...like, createdAt: iso(like.createdAt) })),
    shares: shareRows.map((share) => ({ ...share, createdAt: iso(share.createdAt) })),
    viewsRecorded: viewCount,
    reports: reportRows.map(({ report, title }) => ({
      id: report.id,
      videoId: report.videoId,
      videoTitle: title,
      reason: report.reason,
      status: report.status,
      createdAt: iso(report.createdAt),
      resolvedAt: iso(report.resolvedAt),
    })),
    submissions: submissionRows.map(({ submission, campaign }) => ({
      id: submission.id,
      campaign,
      videoId: submission.videoId,
      videoTitle: videoTitles.get(submission.videoId) ?? null,
      status: submission.status,
      rejectionReason: submission.rejectionReason,
      createdAt: iso(submission.createdAt),
      decidedAt: iso(submission.decidedAt),
    })),
    campaigns: campaignRows.map((campaign) => ({
      id: campaign.id,
      title: campaign.title,
      description: campaign.description,
      status: campaign.status,
      budgetTotalCents: campaign.budgetTotalCents,
      payoutPerVideoCents: campaign.payoutPerVideoCents,
      deadline: campaign.deadline,
      createdAt: iso(campaign.createdAt),
    })),
    transactions: transactionRows.map(({ transaction, campaign }) => ({
      id: transaction.id,
      campaign,
      side: transaction.creatorId === userId ? 'earned' : 'paid',
      amountCents: transaction.amountCents,
      status: transaction.status,
      videoId: transaction.videoId,
      createdAt: iso(transaction.createdAt),
      paidAt: iso(transaction.paidAt),
    })),
    accessRequests: requestRows.map((request) => ({
      id: request.id,
      name: request.name,
      email: request.email,
      role: request.role,
      notes: request.notes,
      status: request.status,
      createdAt: iso(request.createdAt),
      decidedAt: iso(request.decidedAt),
    })),
    whitelist: whitelistRows.map((entry) => ({ email: entry.email, role: entry.roleAllowed })),
    auditEntries: auditRows.map((entry) => ({
      action: entry.action,
      byYou: entry.actorId === userId,
      targetType: entry.targetType,
      targetId: entry.targetId,
      details: entry.details,
      createdAt: iso(entry.createdAt),
    })),
    digest: {
      subscribed: preference[0]?.subscribed ?? true,
      sentForWeeks: sends.map((send) => send.weekOf).sort(),
    },
  };
}
