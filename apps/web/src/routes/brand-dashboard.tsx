import { SCREEN_TITLES } from '@adreel/domain';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { LiveAnalytics } from '@/features/analytics/components/live-analytics';
import { brandPerformanceKey } from '@/features/brand/api/get-brand-performance';
import { useBrandSubmissions } from '@/features/brand/api/get-brand-submissions';
import { CampaignsTab } from '@/features/brand/components/campaigns-tab';
import { CreateCampaignDialog } from '@/features/brand/components/create-campaign-dialog';
import { PaymentsTab } from '@/features/brand/components/payments-tab';
import { PerformanceTab } from '@/features/brand/components/performance-tab';
import { SubmissionsTab } from '@/features/brand/components/submissions-tab';
import { useSession } from '@/lib/session';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The analytics stream also refreshes the Performance tab's totals and chart above it. */
const ANALYTICS_ALSO_REFRESH = [brandPerformanceKey];

const TABS = [
  ['campaigns', 'Campaigns'],
  ['submissions', 'Submissions'],
  ['payments', 'Payments'],
  ['performance', 'Performance'],
] as const;

/** /brand/dashboard (SPEC.md §2): Create Campaign, and tabs Campaigns, Submissions, Payments, Performance. */
export default function BrandDashboardPage() {
  useDocumentTitle(SCREEN_TITLES.brandDashboard);
  const session = useSession();
  const isAdmin = session.user?.roles.includes('admin') ?? false;
  const submissions = useBrandSubmissions();
  const toReview = submissions.data?.filter((s) => s.status === 'submitted').length ?? 0;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Brand"
        title={SCREEN_TITLES.brandDashboard}
        description={
          isAdmin
            ? 'As an admin you see every brand’s campaigns, submissions and payments.'
            : 'Run campaigns, review what creators make for them, and pay out approved videos.'
        }
        actions={<CreateCampaignDialog />}
      />
      <Tabs defaultValue="campaigns" className="flex flex-col gap-6">
        <div className="-mx-2 overflow-x-auto px-2 sm:mx-0 sm:px-0">
          {/* Four tabs fit a 390 px phone when they size to their words and tighten their padding. */}
          <TabsList className="flex w-full min-w-[21rem] sm:w-fit">
            {TABS.map(([value, label]) => (
              <TabsTrigger
                key={value}
                value={value}
                className="flex flex-auto items-center justify-center gap-1.5 whitespace-nowrap px-1.5 text-[0.8125rem] sm:px-4 sm:text-sm"
              >
                {label}
                {value === 'submissions' && toReview > 0 && (
                  // On a phone the Submissions tab's own filter says how many wait.
                  <Badge aria-label={`${toReview} to review`} className="hidden sm:inline-flex">
                    {toReview}
                  </Badge>
                )}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        <TabsContent value="campaigns">
          <CampaignsTab showBrand={isAdmin} />
        </TabsContent>
        <TabsContent value="submissions">
          <SubmissionsTab />
        </TabsContent>
        <TabsContent value="payments">
          <PaymentsTab />
        </TabsContent>
        <TabsContent value="performance">
          <PerformanceTab />
          <div className="mt-8">
            <LiveAnalytics side="brand" alsoRefresh={ANALYTICS_ALSO_REFRESH} />
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}
