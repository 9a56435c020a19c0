import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';

export interface UploadProgressState {
  sent: number;
  total: number;
  /** When bytes began to flow in this session, and how many had already arrived (a resume). */
  startedAt: number;
  startedFrom: number;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(0, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** "About 12 s left", from the rate since this session's bytes began; null until it means anything. */
export function timeLeft(progress: UploadProgressState, now: number): string | null {
  const elapsed = (now - progress.startedAt) / 1000;
  const moved = progress.sent - progress.startedFrom;
  if (elapsed < 1 || moved <= 0) return null;
  const seconds = Math.ceil((progress.total - progress.sent) / (moved / elapsed));
  if (seconds <= 1) return 'Almost done';
  if (seconds < 60) return `About ${seconds} s left`;
  return `About ${Math.ceil(seconds / 60)} min left`;
}

export function UploadProgress({
  progress,
  onCancel,
  cancelling,
}: {
  progress: UploadProgressState;
  onCancel: () => void;
  cancelling: boolean;
}) {
  const percent = progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const left = timeLeft(progress, Date.now());
  const finishing = progress.total > 0 && progress.sent >= progress.total;
  const ref = useRef<HTMLDivElement>(null);
  // It replaces the Upload button at the foot of a long form: on a phone it would start half hidden
  // behind the bottom tab bar (4rem), so it is brought fully into view once.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div
      ref={ref}
      className="flex scroll-mb-[calc(5rem+env(safe-area-inset-bottom))] flex-col gap-3 rounded-2xl border border-border bg-muted/50 p-4 md:scroll-mb-4"
    >
      <div className="flex items-baseline justify-between gap-3">
        <p className="text-sm font-semibold" aria-live="polite">
          {finishing ? 'Checking your video…' : `Uploading… ${percent}%`}
        </p>
        <p className="text-sm text-muted-foreground tabular-nums">
          {finishing ? '' : (left ?? 'Estimating time left…')}
        </p>
      </div>
      <Progress value={percent} aria-label="Upload progress" indicatorClassName="duration-300" />
      <div className="flex items-center justify-between gap-3">
        <p className="text-[0.8125rem] text-muted-foreground tabular-nums">
          {formatBytes(progress.sent)} of {formatBytes(progress.total)}
        </p>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={onCancel}
          disabled={cancelling || finishing}
        >
          <X /> Cancel
        </Button>
      </div>
    </div>
  );
}
