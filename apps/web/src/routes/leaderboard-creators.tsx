import { LEADERBOARD_WINDOW_DAYS } from '@adreel/domain';
import { UsersRound } from 'lucide-react';
import { ComingSoon } from '@/components/coming-soon';

export default function LeaderboardCreatorsPage() {
  return (
    <ComingSoon
      title="Top Creators"
      icon={UsersRound}
      description={`Creators ranked by the average score of their videos over the last ${LEADERBOARD_WINDOW_DAYS} days.`}
    />
  );
}
