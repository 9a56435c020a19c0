import { FEED_MESSAGES, SCORE_RECOMPUTE_WINDOW_DAYS } from '@adreel/domain';
import { Sigma } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TestDigestCard } from '@/features/digest/components/test-digest-card';
import { serverMessage } from '@/lib/error-message';
import { useRecomputeScores } from '../api/recompute-scores';
import { ToolCard } from './tool-card';

function RecomputeScores() {
  const recompute = useRecomputeScores();
  const [updated, setUpdated] = useState<number | null>(null);
  return (
    <ToolCard
      icon={Sigma}
      title="Recompute scores"
      description={`Recalculate the ranking score of approved videos from the last ${SCORE_RECOMPUTE_WINDOW_DAYS} days. It also runs by itself every 10 minutes.`}
    >
      <Button
        size="sm"
        disabled={recompute.isPending}
        onClick={() =>
          recompute.mutate(undefined, {
            onSuccess: (answer) => {
              setUpdated(answer.updated);
              toast.success(answer.message || FEED_MESSAGES.scoresRecomputed);
            },
            onError: (error) => toast.error(serverMessage(error, FEED_MESSAGES.recomputeFailed)),
          })
        }
      >
        {recompute.isPending ? <Spinner /> : <Sigma />} Recompute scores
      </Button>
      {updated !== null && (
        <span role="status" className="text-[0.8125rem] text-muted-foreground">
          {updated === 1 ? '1 video scored' : `${updated.toLocaleString('en-US')} videos scored`}
        </span>
      )}
    </ToolCard>
  );
}

/** The Tools tab on /admin (SPEC.md §2): recompute scores and send a test digest. */
export function AdminTools() {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <RecomputeScores />
      <TestDigestCard />
    </div>
  );
}
