import { COMMON_TEXTS, hasAnyRole, type PublicCampaign, SCREEN_TITLES } from '@adreel/domain';
import { Info, Megaphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { StateMessage } from '@/components/state-message';
import { useCampaignBriefs } from '@/features/briefs/api/get-campaign-briefs';
import { BriefCard, BriefCardSkeleton } from '@/features/briefs/components/brief-card';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

export const CREATOR_ACCOUNT_NEEDED = 'Entering a campaign needs a creator account.';

/** /briefs (SPEC.md §2): the open campaigns, each with Apply to Campaign. */
export default function BriefsPage() {
  useDocumentTitle(SCREEN_TITLES.campaignBriefs);
  const session = useSession();
  const navigate = useNavigate();
  const briefs = useCampaignBriefs();
  const user = session.status === 'signed-in' ? session.user : null;
  const canEnter = user ? hasAnyRole(user.roles, ['creator', 'admin']) : true;

  function apply(campaign: PublicCampaign) {
    const upload = `/creator/upload?campaign=${encodeURIComponent(campaign.id)}`;
    if (!user) {
      // Sign in first, then come back to the upload with this campaign chosen.
      navigate('/auth', { state: { from: upload } });
      return;
    }
    if (!canEnter) {
      toast.info(CREATOR_ACCOUNT_NEEDED);
      return;
    }
    navigate(upload);
  }

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Campaigns"
        title={SCREEN_TITLES.campaignBriefs}
        description="Open briefs from brands. Make a 30-second ad for one, and get paid its payout when the brand approves it."
      />
      {user && !canEnter && (
        <p className="flex items-start gap-2.5 rounded-2xl border border-border bg-muted px-4 py-3 text-sm">
          <Info className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            {CREATOR_ACCOUNT_NEEDED} You are signed in as a{' '}
            {user.roles.includes('brand') ? 'brand' : 'viewer'}.
          </span>
        </p>
      )}
      <QueryState
        query={briefs}
        loading={
          <ul
            aria-label="Loading briefs"
            className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
          >
            {[0, 1, 2].map((i) => (
              <BriefCardSkeleton key={i} />
            ))}
          </ul>
        }
        error={{ title: (error) => serverMessage(error, COMMON_TEXTS.loadCampaignsFailed) }}
        isEmpty={(data) => data.length === 0}
        empty={
          <StateMessage
            icon={Megaphone}
            title="No open campaigns right now"
            description="Brands post new briefs often. Come back soon, or upload an ad of your own meanwhile."
          />
        }
      >
        {(data) => (
          <ul
            aria-label="Open campaigns"
            className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
          >
            {data.map((campaign) => (
              <BriefCard key={campaign.id} campaign={campaign} onApply={apply} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}
