import { LEADERBOARD_WINDOW_DAYS } from '@adreel/domain';
import { Trophy } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function LeaderboardVideosPage() {
  return (
    <ComingSoon
      title="Top Videos"
      icon={Trophy}
      description={`The best-performing approved videos of the last ${LEADERBOARD_WINDOW_DAYS} days, ranked by score.`}
    />
  );
}
