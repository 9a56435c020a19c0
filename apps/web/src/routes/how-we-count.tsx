import {
  IMPRESSION_TOKEN_TTL_MINUTES,
  INVALID_TRAFFIC_REASON_LABELS,
  INVALID_TRAFFIC_REASONS,
  type InvalidTrafficReason,
  SCREEN_TITLES,
  VIEW_DEDUPE_HOURS,
  VIEW_MIN_PLAYBACK_MS,
  VIEW_MIN_VISIBLE_FRACTION,
  VIEWS_PER_IP_PER_DAY,
  WATCH_MILESTONES,
} from '@adreel/domain';
import {
  ArrowLeft,
  BarChart3,
  Eye,
  Filter,
  type LucideIcon,
  ShieldCheck,
  Timer,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { appName } from '@/lib/app-name';
import { useDocumentTitle } from '@/lib/use-document-title';

const SECONDS = VIEW_MIN_PLAYBACK_MS / 1000;
const ON_SCREEN = `${Math.round(VIEW_MIN_VISIBLE_FRACTION * 100)}%`;
/** How long after the feed showed a video its view may still count: "2 hours". */
const TTL_MINUTES: number = IMPRESSION_TOKEN_TTL_MINUTES;
const SERVED_WITHIN =
  TTL_MINUTES === 60
    ? 'hour'
    : TTL_MINUTES % 60 === 0
      ? `${TTL_MINUTES / 60} hours`
      : `${TTL_MINUTES} minutes`;
const MILESTONES = WATCH_MILESTONES.map((m) => `${Math.round(m * 100)}%`);

/** What each reason for filtering means, in plain words (the labels come from the shared list). */
const REASON_MEANING: Record<InvalidTrafficReason, string> = {
  bot_user_agent: 'Crawlers, bots and browsers run by a script rather than a person.',
  missing_token: 'Views of a video the feed never showed to that viewer.',
  invalid_token: 'The proof that the feed showed the video was forged, or came too late.',
  token_overused: 'The same showing of a video, sent again and again.',
  impossible_timing: 'More seconds watched than had passed since the video was shown.',
  ip_cap: `More than ${VIEWS_PER_IP_PER_DAY} views of one video from one network address in a day.`,
  viewer_cap: `The same viewer again within ${VIEW_DEDUPE_HOURS} hours.`,
};

function Section({
  id,
  title,
  icon: Icon,
  children,
}: {
  id: string;
  title: string;
  icon: LucideIcon;
  children: ReactNode;
}) {
  return (
    <Card asChild className="p-6 sm:p-8">
      <section aria-labelledby={id}>
        <div className="flex items-center gap-3">
          <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-ink text-white">
            <Icon className="size-5" aria-hidden="true" />
          </span>
          <h2 id={id} className="text-xl font-bold tracking-tight">
            {title}
          </h2>
        </div>
        <div className="mt-5 flex flex-col gap-3 text-[0.9375rem] leading-relaxed">{children}</div>
      </section>
    </Card>
  );
}

/** /how-we-count (issue 16): the view definition and the filtering, in plain words, for anyone. */
export default function HowWeCountPage() {
  useDocumentTitle(SCREEN_TITLES.howWeCount);
  const rules = [
    { label: 'Playback', value: `${SECONDS} seconds` },
    { label: 'On screen', value: `At least ${ON_SCREEN}` },
    { label: 'Browser tab', value: 'Visible and in focus' },
  ];
  return (
    <div className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6 sm:pt-16">
      <header className="animate-fade-up">
        <p className="text-eyebrow uppercase text-primary">Trust</p>
        <h1 className="mt-3 text-title sm:text-[2.75rem] sm:leading-[1.05]">
          {SCREEN_TITLES.howWeCount}
        </h1>
        <p className="mt-4 max-w-2xl text-pretty text-muted-foreground sm:text-lg">
          Brands pay for views, so every number on {appName()} follows one published rule. What does
          not meet it is not counted: it is filtered out and shown on its own, never hidden.
        </p>
      </header>

      <div className="mt-10 flex flex-col gap-4">
        <Section id="a-view" title="What counts as a view" icon={Eye}>
          <p>
            A view counts after <strong className="font-semibold">{SECONDS} seconds</strong> of
            playback while <strong className="font-semibold">at least {ON_SCREEN}</strong> of the
            video is on screen, in a browser tab that is visible and in focus.
          </p>
          <dl className="grid grid-cols-3 gap-2 sm:gap-3">
            {rules.map(({ label, value }) => (
              <div key={label} className="rounded-2xl bg-muted px-3 py-3 sm:px-4 sm:py-3.5">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 text-sm leading-snug font-semibold tracking-tight text-balance sm:text-base">
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <p className="text-muted-foreground">
            The {SECONDS} seconds must run without a break: if the tab is hidden, the window loses
            focus or the video is scrolled mostly out of sight, the count starts again. This is the
            advertising industry's viewable video standard (half the player in view, in a focused
            tab), with a longer wait than its 2 seconds.
          </p>
        </Section>

        <Section id="watch-time" title="Watch milestones" icon={Timer}>
          <p>
            The {MILESTONES.join(' and ')} watch milestones and the average share of a video watched
            count only playback that meets the same rule, and only after the video has a view.
            Skipping ahead does not count as watching.
          </p>
        </Section>

        <Section id="once" title="One view per person" icon={Users}>
          <p>
            One view per viewer and video every {VIEW_DEDUPE_HOURS} hours: by account when signed
            in, by device when not.
          </p>
          <p>
            At most {VIEWS_PER_IP_PER_DAY} views per network address and video every{' '}
            {VIEW_DEDUPE_HOURS} hours, so a shared home still counts, but making up new devices
            gains nothing.
          </p>
          <p className="text-muted-foreground">
            A view counts only for a video the feed showed to that viewer in the last{' '}
            {SERVED_WITHIN}.
          </p>
        </Section>

        <Section id="filtered" title="Filtered traffic" icon={Filter}>
          <p>
            Automated traffic, replays and views the feed did not serve are kept apart with the
            reason, and shown beside the counted numbers:
          </p>
          <ul className="flex flex-col gap-2.5">
            {INVALID_TRAFFIC_REASONS.map((reason) => (
              <li key={reason} className="flex gap-3">
                <ShieldCheck className="mt-1 size-4 shrink-0 text-emerald-600" aria-hidden="true" />
                <span>
                  <span className="font-semibold">{INVALID_TRAFFIC_REASON_LABELS[reason]}</span>
                  <span className="text-muted-foreground"> — {REASON_MEANING[reason]}</span>
                </span>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="where" title="Where you see it" icon={BarChart3}>
          <p>
            Brands see counted views and filtered traffic, by reason, in the Performance tab of
            their dashboard; creators see theirs on Creator Home. Scores and leaderboards use
            counted numbers only.
          </p>
        </Section>
      </div>

      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <Button asChild variant="ink" size="lg">
          <Link to="/feed">
            <ArrowLeft /> Back to App
          </Link>
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to="/guidelines">{SCREEN_TITLES.guidelines}</Link>
        </Button>
      </div>
    </div>
  );
}
