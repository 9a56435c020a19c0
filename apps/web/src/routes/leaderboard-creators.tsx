import { SCREEN_TITLES } from '@adreel/domain';
import { LeaderboardLayout } from '@/features/leaderboards/components/leaderboard-layout';
import { TopCreatorsBoard } from '@/features/leaderboards/components/top-creators-board';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /leaderboard/creators (SPEC.md §2 Top Creators). */
export default function LeaderboardCreatorsPage() {
  useDocumentTitle(SCREEN_TITLES.topCreators);
  return (
    <LeaderboardLayout
      title={SCREEN_TITLES.topCreators}
      description="Creators ranked by the average score of their recent ads, then by total views."
    >
      <TopCreatorsBoard />
    </LeaderboardLayout>
  );
}
