import { SCREEN_TITLES } from '@adreel/domain';
import { History, Ticket, UserCheck } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminCounts } from '@/features/admin-live/api/get-admin-counts';
import { useLiveAdminCounts } from '@/features/admin-live/api/stream-admin-counts';
import { AdminTools } from '@/features/admin-tools/components/admin-tools';
import { TestDigestCard } from '@/features/digest/components/test-digest-card';
import { useAdminVideos } from '@/features/moderation/api/get-admin-videos';
import { ApprovedVideos } from '@/features/moderation/components/approved-videos';
import { PendingVideos } from '@/features/moderation/components/pending-videos';
import { ReportsPanel } from '@/features/moderation/components/reports-list';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /admin (SPEC.md §2): Pending Videos, Reports and Tools. */
export default function AdminPage() {
  useDocumentTitle(SCREEN_TITLES.adminDashboard);
  const pending = useAdminVideos('pending');
  const counts = useAdminCounts();
  // The tab counts follow new uploads and reports as they happen (server-sent events).
  useLiveAdminCounts();
  const openReports = counts.data?.openReports;
  const pendingCount = counts.data?.pendingVideos ?? pending.data?.length;
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title={SCREEN_TITLES.adminDashboard}
        description="Review new videos, feature the best ones, and keep the platform in shape."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/invites">
                <Ticket /> {SCREEN_TITLES.invites}
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/whitelist">
                <UserCheck /> {SCREEN_TITLES.whitelist}
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/audit">
                <History /> {SCREEN_TITLES.auditLog}
              </Link>
            </Button>
          </>
        }
      />
      <Tabs defaultValue="pending" className="flex flex-col gap-6">
        <TabsList className="flex w-full sm:w-fit">
          <TabsTrigger
            value="pending"
            className="flex flex-auto items-center justify-center gap-2 whitespace-nowrap px-3 sm:px-4"
          >
            Pending Videos{' '}
            {pendingCount !== undefined && (
              <Badge variant={pendingCount > 0 ? 'default' : 'secondary'}>{pendingCount}</Badge>
            )}
          </TabsTrigger>
          <TabsTrigger
            value="reports"
            className="flex flex-auto items-center justify-center gap-2 whitespace-nowrap px-3 sm:px-4"
          >
            Reports{' '}
            {openReports !== undefined && (
              <Badge variant={openReports > 0 ? 'default' : 'secondary'}>{openReports}</Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="tools" className="flex-auto px-3 sm:px-4">
            Tools
          </TabsTrigger>
        </TabsList>
        <TabsContent value="pending" className="flex flex-col gap-10">
          <section aria-labelledby="pending-title" className="flex flex-col gap-4">
            <h2 id="pending-title" className="text-lg font-bold tracking-tight">
              Waiting for review
            </h2>
            <PendingVideos />
          </section>
          <section aria-labelledby="approved-title" className="flex flex-col gap-4">
            <div>
              <h2 id="approved-title" className="text-lg font-bold tracking-tight">
                Approved videos
              </h2>
              <p className="text-sm text-muted-foreground">
                Featured videos come first in the feed.
              </p>
            </div>
            <ApprovedVideos />
          </section>
        </TabsContent>
        <TabsContent value="reports">
          <section aria-labelledby="reports-title" className="flex flex-col gap-4">
            <div>
              <h2 id="reports-title" className="text-lg font-bold tracking-tight">
                Reported videos
              </h2>
              <p className="text-sm text-muted-foreground">
                Dismiss a report, or remove the video. The reporter is told the outcome by email.
              </p>
            </div>
            <ReportsPanel />
          </section>
        </TabsContent>
        <TabsContent value="tools">
          <AdminTools>
            <TestDigestCard />
          </AdminTools>
        </TabsContent>
      </Tabs>
    </div>
  );
}
