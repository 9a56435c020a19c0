import { TOP_VIDEOS_LIMIT } from '@adreel/domain';
import { LeaderboardLayout } from '@/features/leaderboards/components/leaderboard-layout';
import { TopVideosBoard } from '@/features/leaderboards/components/top-videos-board';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /leaderboard/videos (SPEC.md §2 Top Videos). */
export default function LeaderboardVideosPage() {
  useDocumentTitle('Top Videos');
  return (
    <LeaderboardLayout
      title="Top Videos"
      description={`The ${TOP_VIDEOS_LIMIT} ads people watched through, liked and shared the most, with newer ones weighing more.`}
    >
      <TopVideosBoard />
    </LeaderboardLayout>
  );
}
