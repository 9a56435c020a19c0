import { FEED_MESSAGES, SCORE_RECOMPUTE_WINDOW_DAYS } from '@adreel/domain';
import { Sigma } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { toast } from 'sonner';
import { ToolCard } from '@/components/tool-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { useRecomputeScores } from '../api/recompute-scores';

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

/**
 * The Tools tab on /admin (SPEC.md §2): recompute scores, then the tools other features give it
 * (the route passes the digest's test-send card), so no feature imports another.
 */
export function AdminTools({ children }: { children?: ReactNode }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <RecomputeScores />
      {children}
    </div>
  );
}
