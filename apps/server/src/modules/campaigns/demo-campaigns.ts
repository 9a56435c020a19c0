/**
 * Demo campaign activity (issue 6 item 5): two demo videos entered into the demo brand's briefs and
 * approved (one payout paid, one recorded) and a third waiting for the brand, so a first start shows
 * the brand real Submissions, Payments and Performance numbers (the videos' engagement history is
 * demo-engagement's) and the demo creators real earnings.
 *
 * Idempotent: it does nothing once any demo video is in a campaign, and runs under an advisory lock
 * in one transaction, so two processes starting together enter nothing twice.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema/campaigns';
import { submissions, transactions } from '../../db/schema/submissions';
import { DEMO_ROLE_ACCOUNTS } from '../../db/seed-data';
import { accountDirectory } from '../auth/auth.directory';
import { enterDemoVideoInCampaign, listLiveDemoVideos } from '../videos/videos.service';

/** Which demo video (by its file's key) enters which brief, and how far its entry has got. */
const DEMO_ENTRIES = [
  { key: 'demo-aero-runner', brief: 'First Steps in the Aero Runner', state: 'paid' },
  { key: 'demo-morning-ritual', brief: 'My Morning Ritual', state: 'recorded' },
  { key: 'demo-weekend-drop', brief: 'Refill, Not Landfill', state: 'submitted' },
] as const;

const HOUR = 3_600_000;

export async function ensureDemoCampaignActivity(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('adreel.demo-campaigns'))`);
    const [brand] = await tx
      .select({ id: accountDirectory.userId })
      .from(accountDirectory)
      .where(eq(accountDirectory.username, DEMO_ROLE_ACCOUNTS.brand.username));
    if (!brand) return 0;
    const briefs = await tx
      .select({
        id: campaigns.id,
        title: campaigns.title,
        payoutPerVideoCents: campaigns.payoutPerVideoCents,
      })
      .from(campaigns)
      .where(
        and(
          eq(campaigns.brandId, brand.id),
          inArray(
            campaigns.title,
            DEMO_ENTRIES.map((entry) => entry.brief),
          ),
        ),
      )
      .orderBy(asc(campaigns.createdAt));
    const demoVideos = await listLiveDemoVideos(tx);
    if (briefs.length === 0 || demoVideos.length === 0) return 0;
    if (demoVideos.some((video) => video.campaignId !== null)) return 0;

    let entered = 0;
    for (const entry of DEMO_ENTRIES) {
      const video = demoVideos.find((v) => v.fileUrl?.includes(`/${entry.key}.`));
      const brief = briefs.find((b) => b.title === entry.brief);
      if (!video || !brief) continue;
      const published = video.publishedAt ?? new Date();
      const enteredAt = new Date(published.getTime() - 2 * HOUR);
      await enterDemoVideoInCampaign(tx, video.id, brief.id);
      await tx.insert(submissions).values({
        campaignId: brief.id,
        creatorId: video.creatorId,
        videoId: video.id,
        status: entry.state === 'submitted' ? 'submitted' : 'approved_by_brand',
        createdAt: enteredAt,
        decidedAt: entry.state === 'submitted' ? null : published,
      });
      if (entry.state !== 'submitted')
        await tx.insert(transactions).values({
          campaignId: brief.id,
          videoId: video.id,
          brandId: brand.id,
          creatorId: video.creatorId,
          amountCents: brief.payoutPerVideoCents,
          type: 'booking',
          status: entry.state,
          createdAt: published,
          paidAt:
            entry.state === 'paid'
              ? new Date(Math.min(Date.now(), published.getTime() + 6 * HOUR))
              : null,
        });
      entered += 1;
    }
    return entered;
  });
}
