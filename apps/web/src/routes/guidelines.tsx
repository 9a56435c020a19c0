import {
  REPORT_REVIEW_HOURS,
  SCREEN_TITLES,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_SECONDS,
} from '@adreel/domain';
import {
  ArrowLeft,
  BadgeCheck,
  Ban,
  Check,
  Eye,
  FileVideo,
  Flag,
  type LucideIcon,
  ShieldAlert,
  X,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { appName } from '@/lib/app-name';
import { useDocumentTitle } from '@/lib/use-document-title';
import { cn } from '@/lib/utils';

const MAX_MB = VIDEO_MAX_BYTES / 1024 / 1024;

/** SPEC.md §2 Guidelines, in full. Upload limits come from the shared constants. */
const CONTENT_STANDARDS = [
  'Upload only original videos, or videos you hold a license to use.',
  'Make no misleading claims about a product, its price or its results.',
  'Disclose sponsored content: say clearly who is paying for the ad.',
];

const PROHIBITED = [
  'Hate speech or violence',
  'Promotion of illegal products, services or activities',
  'Alcohol or gambling ads aimed at minors',
  'Spam: repetitive, deceptive or mass-posted content',
];

const TECHNICAL = [
  { label: 'Maximum length', value: `${VIDEO_MAX_SECONDS} seconds` },
  { label: 'Maximum file size', value: `${MAX_MB}MB` },
  { label: 'Formats', value: 'MP4, MOV, AVI' },
  { label: 'Resolution', value: '720p recommended' },
];

function Section({
  id,
  title,
  icon: Icon,
  tone = 'default',
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  tone?: 'default' | 'warning';
  children: ReactNode;
}) {
  return (
    <Card
      asChild
      className={cn('p-6 sm:p-8', tone === 'warning' && 'border-brand/25 bg-brand-soft/70')}
    >
      <section aria-labelledby={id}>
        <div className="flex items-center gap-3">
          <span
            className={cn(
              'grid size-10 shrink-0 place-items-center rounded-xl',
              tone === 'warning' ? 'bg-primary text-white' : 'bg-ink text-white',
            )}
          >
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h2 id={id} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
        </div>
        <div className="mt-5">{children}</div>
      </section>
    </Card>
  );
}

function RuleList({ items, allowed }: { items: string[]; allowed: boolean }) {
  const Icon = allowed ? Check : X;
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-[0.9375rem] leading-relaxed">
          <span
            className={cn(
              'mt-0.5 grid size-5 shrink-0 place-items-center rounded-full',
              allowed ? 'bg-emerald-50 text-emerald-700' : 'bg-red-50 text-red-700',
            )}
          >
            <Icon className="size-3.5" strokeWidth={3} aria-hidden="true" />
          </span>
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export default function GuidelinesPage() {
  useDocumentTitle(SCREEN_TITLES.guidelines);
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6 sm:pt-16">
      <header className="animate-fade-up">
        <p className="text-eyebrow uppercase text-primary">Community</p>
        <h1 className="mt-3 text-title sm:text-[2.75rem] sm:leading-[1.05]">
          {SCREEN_TITLES.guidelines}
        </h1>
        <p className="mt-4 max-w-2xl text-pretty text-muted-foreground sm:text-lg">
          Keep {appName()} a place where ads are worth watching. These rules apply to every video,
          from every creator and every brand.
        </p>
      </header>

      <div className="mt-10 flex flex-col gap-4">
        <Section id="content-standards" title="Content Standards" icon={BadgeCheck}>
          <RuleList items={CONTENT_STANDARDS} allowed />
        </Section>

        <Section id="prohibited-content" title="Prohibited Content" icon={Ban}>
          <p className="mb-4 text-[0.9375rem] text-muted-foreground">
            Videos with any of the following are not allowed:
          </p>
          <RuleList items={PROHIBITED} allowed={false} />
        </Section>

        <Section id="technical-requirements" title="Technical Requirements" icon={FileVideo}>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {TECHNICAL.map(({ label, value }) => (
              <div key={label} className="rounded-2xl bg-muted px-4 py-3.5">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 font-semibold tracking-tight">{value}</dd>
              </div>
            ))}
          </dl>
        </Section>

        <Section id="disclosure" title="Disclosure and Transparency" icon={Eye}>
          <div className="flex flex-col gap-3 text-[0.9375rem] leading-relaxed">
            <p>
              Viewers always know they are watching an ad: an{' '}
              <span className="rounded-md bg-ink px-1.5 py-0.5 text-xs font-bold text-white">
                Ad
              </span>{' '}
              label is added automatically to every video, so you don't need to add one yourself.
            </p>
            <p className="text-muted-foreground">
              Paid partnerships must still be clear: if a brand sponsors your content, say so.
            </p>
            <p className="text-muted-foreground">
              Views are counted by a published rule, and invalid traffic is filtered out:{' '}
              <Link
                to="/how-we-count"
                className="font-semibold text-primary underline-offset-4 hover:underline"
              >
                {SCREEN_TITLES.howWeCount}
              </Link>
              .
            </p>
          </div>
        </Section>

        <Section id="report-violations" title="Report Violations" icon={Flag}>
          <div className="flex flex-col gap-3 text-[0.9375rem] leading-relaxed">
            <p>
              See something that breaks these rules? Report it through the{' '}
              <span className="font-semibold">'...'</span> menu on the video.
            </p>
            <p>Our moderation team reviews reports within {REPORT_REVIEW_HOURS} hours.</p>
            <p className="text-muted-foreground">
              Violations may lead to removal of the content, suspension of the account or a ban.
            </p>
          </div>
        </Section>

        <Section id="important-notice" title="Important notice" icon={ShieldAlert} tone="warning">
          <p className="text-[0.9375rem] leading-relaxed">
            <strong className="font-semibold">All content is reviewed before publication.</strong> A
            video appears in the feed only once our team has approved it.
          </p>
        </Section>
      </div>

      <div className="mt-10 flex justify-center">
        <Button asChild variant="ink" size="lg">
          <Link to="/feed">
            <ArrowLeft /> Back to App
          </Link>
        </Button>
      </div>
    </div>
  );
}
