import { LANDING_FEATURES, VIDEO_MAX_SECONDS } from '@adreel/domain';
import {
  ChartNoAxesColumnIncreasing,
  Clapperboard,
  Handshake,
  type LucideIcon,
  Wallet,
} from 'lucide-react';
import { appName } from '@/lib/app-name';
import { cn } from '@/lib/utils';

interface Feature {
  title: string;
  body: string;
  icon: LucideIcon;
  tile: string;
}

/** The four features of SPEC.md §1, each in a sentence that holds for how the platform works. */
const FEATURES: Feature[] = [
  {
    title: LANDING_FEATURES.creativeAds,
    body: `Vertical, full-screen and ${VIDEO_MAX_SECONDS} seconds or less. Short enough to respect the viewer, long enough to tell a story.`,
    icon: Clapperboard,
    tile: 'bg-brand-soft text-primary',
  },
  {
    title: LANDING_FEATURES.brandsMeetTalent,
    body: 'Brands post campaign briefs with a budget and a payout. Creators answer with the ads they make.',
    icon: Handshake,
    tile: 'bg-violet-50 text-brand-violet',
  },
  {
    title: LANDING_FEATURES.analytics,
    body: 'Views, watch time, likes and shares update as people watch, so you see what lands while it runs.',
    icon: ChartNoAxesColumnIncreasing,
    tile: 'bg-orange-50 text-[#c2410c]',
  },
  {
    title: LANDING_FEATURES.fairPayment,
    body: 'Every approved video earns the payout its campaign states up front, recorded at once and tracked until it is paid.',
    icon: Wallet,
    tile: 'bg-ink text-white',
  },
];

export function FeaturesGrid() {
  return (
    <section
      aria-labelledby="features-title"
      className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24 lg:px-8"
    >
      <div className="max-w-2xl">
        <p className="text-eyebrow uppercase text-primary">Why {appName()}</p>
        <h2 id="features-title" className="mt-3 text-title sm:text-[2.5rem] sm:leading-[1.05]">
          Platform Features
        </h2>
        <p className="mt-4 text-pretty text-muted-foreground sm:text-lg">
          Everything a short ad needs, from the first cut to the final payout.
        </p>
      </div>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map(({ title, body, icon: Icon, tile }) => (
          <li
            key={title}
            className="group flex flex-col rounded-3xl border border-border bg-card p-5 shadow-card sm:p-6 transition-[transform,box-shadow] duration-300 hover:-translate-y-0.5 hover:shadow-lift"
          >
            <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-5">
              <span className={cn('grid size-11 shrink-0 place-items-center rounded-2xl', tile)}>
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-bold tracking-tight">{title}</h3>
            </div>
            <p className="mt-3 text-pretty sm:mt-2 text-[0.9375rem] leading-relaxed text-muted-foreground">
              {body}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
