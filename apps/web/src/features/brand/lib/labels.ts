import type { CampaignAvailability, SubmissionStatus, TransactionStatus } from '@adreel/domain';
import { VIDEO_TEXTS } from '@adreel/domain';

type Variant = 'default' | 'secondary' | 'destructive' | 'outline';

/** A campaign's badge: whether creators can enter it now, and if not, why. */
export const AVAILABILITY: Record<CampaignAvailability, { label: string; variant: Variant }> = {
  open: { label: 'Open', variant: 'default' },
  closed: { label: 'Closed', variant: 'secondary' },
  past_deadline: { label: 'Past deadline', variant: 'outline' },
  budget_spent: { label: 'Budget spent', variant: 'outline' },
};

/** SPEC.md §4 submission statuses in the brand's words. */
export const SUBMISSION_STATUS: Record<SubmissionStatus, { label: string; variant: Variant }> = {
  submitted: { label: 'Submitted', variant: 'secondary' },
  approved_by_brand: { label: 'Approved', variant: 'default' },
  rejected_by_brand: { label: 'Rejected', variant: 'destructive' },
  rejected_by_admin: { label: VIDEO_TEXTS.removedByModeration, variant: 'destructive' },
};

export const TRANSACTION_STATUS: Record<TransactionStatus, { label: string; variant: Variant }> = {
  recorded: { label: 'Recorded', variant: 'secondary' },
  paid: { label: 'Paid', variant: 'default' },
};

/** A date-only deadline ('YYYY-MM-DD') read as that calendar day, not shifted by the time zone. */
export function formatDeadline(deadline: string | null): string {
  if (!deadline) return 'No deadline';
  const [year, month, day] = deadline.split('-').map(Number);
  if (!year || !month || !day) return deadline;
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, month - 1, day)),
  );
}
