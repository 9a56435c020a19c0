import { SCREEN_TITLES, TOP_VIDEOS_LIMIT } from '@adreel/domain';
import { LeaderboardLayout } from '@/features/leaderboards/components/leaderboard-layout';
import { TopVideosBoard } from '@/features/leaderboards/components/top-videos-board';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /leaderboard/videos (SPEC.md §2 Top Videos). */
export default function LeaderboardVideosPage() {
  useDocumentTitle(SCREEN_TITLES.topVideos);
  return (
    <LeaderboardLayout
      title={SCREEN_TITLES.topVideos}
      description={`The ${TOP_VIDEOS_LIMIT} ads people watched through, liked and shared the most, with newer ones weighing more.`}
    >
      <TopVideosBoard />
    </LeaderboardLayout>
  );
}
