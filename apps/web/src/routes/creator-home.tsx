import { COMMON_TEXTS, creatorHomeGreeting, SCREEN_TITLES } from '@adreel/domain';
import { Clapperboard, Megaphone, Upload, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { LiveAnalytics } from '@/features/analytics/components/live-analytics';
import { creatorStatsKey } from '@/features/creator/api/get-creator-stats';
import { CreatorStatTiles } from '@/features/creator/components/creator-stat-tiles';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The analytics stream also refreshes the stat tiles above it. */
const ANALYTICS_ALSO_REFRESH = [creatorStatsKey];

/** /creator/home (SPEC.md §2): the creator's numbers and the four ways onward. */
export default function CreatorHomePage() {
  useDocumentTitle(SCREEN_TITLES.creatorHome);
  const session = useSession();
  const name = session.status === 'signed-in' ? session.user.displayName : null;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Creator"
        title={SCREEN_TITLES.creatorHome}
        description={creatorHomeGreeting(name)}
      />
      <CreatorStatTiles />
      <LiveAnalytics side="creator" alsoRefresh={ANALYTICS_ALSO_REFRESH} />
      <nav aria-label="Creator shortcuts" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Button asChild size="lg">
          <Link to="/creator/upload">
            <Upload /> {SCREEN_TITLES.uploadVideo}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/creator/videos">
            <Clapperboard /> {SCREEN_TITLES.myVideos}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/briefs">
            <Megaphone /> {COMMON_TEXTS.browseCampaigns}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/creator/earnings">
            <Wallet /> View Earnings
          </Link>
        </Button>
      </nav>
    </div>
  );
}
