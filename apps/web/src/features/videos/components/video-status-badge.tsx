import { VIDEO_STATUS_BADGE, type VideoStatus } from '@adreel/domain';
import { Badge } from '@/components/ui/badge';

const LABEL: Record<VideoStatus, string> = {
  processing: 'Processing',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  failed: 'Failed',
};

/** SPEC.md §4: approved default, pending secondary, rejected destructive (and DESIGN.md's two). */
export function VideoStatusBadge({ status }: { status: VideoStatus }) {
  return <Badge variant={VIDEO_STATUS_BADGE[status]}>{LABEL[status]}</Badge>;
}
