import { SCORE_RECOMPUTE_WINDOW_DAYS } from '@adreel/domain';
import { Flag, Mail, Sigma, Ticket, UserCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StateMessage } from '@/components/state-message';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAdminVideos } from '@/features/moderation/api/get-admin-videos';
import { ApprovedVideos } from '@/features/moderation/components/approved-videos';
import { PendingVideos } from '@/features/moderation/components/pending-videos';
import { useDocumentTitle } from '@/lib/use-document-title';

/** A platform tool whose server side is not built yet: shown, honestly switched off. */
function ToolCard({
  title,
  description,
  action,
  icon: Icon,
}: {
  title: string;
  description: ReactNode;
  action: string;
  icon: typeof Sigma;
}) {
  return (
    <section className="flex flex-col gap-4 rounded-3xl border border-border bg-card p-5 shadow-card">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-2xl bg-muted text-muted-foreground">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold">{title}</h3>
          <p className="mt-1 text-sm text-pretty text-muted-foreground">{description}</p>
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Button variant="outline" size="sm" disabled>
          {action}
        </Button>
        <span className="text-[0.8125rem] text-muted-foreground">Coming soon</span>
      </div>
    </section>
  );
}

/** /admin (SPEC.md §2): Pending Videos, Reports and Tools. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const pending = useAdminVideos('pending');
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <PageHeader
        eyebrow="Admin"
        title="Admin Dashboard"
        description="Review new videos, feature the best ones, and keep the platform in shape."
        actions={
          <>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/invites">
                <Ticket /> Invites
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link to="/admin/whitelist">
                <UserCheck /> Whitelist
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
            {pending.data && (
              <Badge variant={pending.data.length > 0 ? 'default' : 'secondary'}>
                {pending.data.length}
              </Badge>
            )}
          </TabsTrigger>
          <TabsTrigger value="reports" className="flex-auto px-3 sm:px-4">
            Reports
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
          <StateMessage
            icon={Flag}
            title="No reports yet"
            description="Reporting is not switched on yet. When viewers can report a video, reports will be listed here with the video and who reported it."
          />
        </TabsContent>
        <TabsContent value="tools" className="grid gap-3 sm:grid-cols-2">
          <ToolCard
            icon={Sigma}
            title="Recompute scores"
            description={`Recalculate the ranking score of approved videos from the last ${SCORE_RECOMPUTE_WINDOW_DAYS} days.`}
            action="Recompute scores"
          />
          <ToolCard
            icon={Mail}
            title="Send test digest"
            description="Send yourself this week's digest email to check how it looks."
            action="Send test digest"
          />
        </TabsContent>
      </Tabs>
    </div>
  );
}
