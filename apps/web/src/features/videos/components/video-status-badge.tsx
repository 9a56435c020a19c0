import { VIDEO_STATUS_BADGE, type VideoStatus } from '@adreel/domain';
import { Badge } from '@/components/ui/badge';

const LABEL: Record<VideoStatus, string> = {
  processing: 'Processing',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Failed',
};

/**
 * SPEC.md §4: approved default, pending secondary, rejected destructive (and DESIGN.md's two).
 * A processing video whose job has reported says how far it is ("Processing 42%").
 */
export function VideoStatusBadge({
  status,
  progress = null,
}: {
  status: VideoStatus;
  progress?: number | null;
}) {
  const label =
    status === 'processing' && progress !== null ? `${LABEL[status]} ${progress}%` : LABEL[status];
  return <Badge variant={VIDEO_STATUS_BADGE[status]}>{label}</Badge>;
}
