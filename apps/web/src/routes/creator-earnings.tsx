import { SCREEN_TITLES } from '@adreel/domain';
import { PageHeader } from '@/components/page-header';
import { CampaignEntries } from '@/features/campaigns/components/campaign-entries';
import { CreatorEarningsOverview } from '@/features/earnings/components/creator-earnings';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /creator/earnings (SPEC.md §2): what campaigns have paid, and what is still to come. */
export default function CreatorEarningsPage() {
  useDocumentTitle(SCREEN_TITLES.earnings);
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Creator"
        title={SCREEN_TITLES.earnings}
        description="Every approved campaign video pays its campaign's payout. Brands pay it out after approving."
      />
      <CreatorEarningsOverview />
      <CampaignEntries />
    </div>
  );
}
