import { LeaderboardLayout } from '@/features/leaderboards/components/leaderboard-layout';
import { TopCreatorsBoard } from '@/features/leaderboards/components/top-creators-board';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /leaderboard/creators (SPEC.md §2 Top Creators). */
export default function LeaderboardCreatorsPage() {
  useDocumentTitle('Top Creators');
  return (
    <LeaderboardLayout
      title="Top Creators"
      description="Creators ranked by the average score of their recent ads, then by total views."
    >
      <TopCreatorsBoard />
    </LeaderboardLayout>
  );
}
