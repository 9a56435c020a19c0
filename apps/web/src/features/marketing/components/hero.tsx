import { AUTH_TEXTS, TAGLINE, VIDEO_MAX_SECONDS } from '@adreel/domain';
import { ArrowRight, BookOpen, Play } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { appName } from '@/lib/app-name';
import { PhoneMockup } from './phone-mockup';

/** The tagline as a headline, with its punchline word set in the brand gradient. */
function Headline() {
  const sentence = `${TAGLINE.charAt(0).toUpperCase()}${TAGLINE.slice(1)}.`;
  const [lead, rest] = sentence.split(' actually ');
  return (
    <h1
      id="hero-title"
      className="text-display text-balance @2xl:text-[4rem] @2xl:leading-[0.98] @5xl:text-display-lg"
    >
      {rest === undefined ? (
        sentence
      ) : (
        <>
          {`${lead} `}
          <span className="bg-linear-to-r from-[#ff4d6d] via-[#ff5fa2] to-[#a78bfa] bg-clip-text pr-1 text-transparent italic">
            actually
          </span>
          {` ${rest}`}
        </>
      )}
    </h1>
  );
}

export function Hero() {
  return (
    <section aria-labelledby="hero-title" className="px-2 pt-2 sm:px-4 sm:pt-4">
      <div className="@container relative isolate overflow-hidden rounded-[1.75rem] bg-ink text-white sm:rounded-[2.25rem]">
        {/* Glows */}
        <div
          className="absolute -top-40 -left-32 -z-10 size-[32rem] rounded-full bg-[radial-gradient(closest-side,rgb(255_45_85/0.35),transparent)]"
          aria-hidden="true"
        />
        <div
          className="absolute -right-40 -bottom-48 -z-10 size-[40rem] rounded-full bg-[radial-gradient(closest-side,rgb(124_58_237/0.4),transparent)]"
          aria-hidden="true"
        />
        <div
          className="absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:48px_48px] [mask-image:radial-gradient(ellipse_at_center,black,transparent_75%)]"
          aria-hidden="true"
        />

        <div className="mx-auto grid max-w-6xl items-center gap-12 px-6 pt-12 @2xl:px-10 @2xl:pt-16 @4xl:grid-cols-[1.15fr_0.85fr] @4xl:gap-8 @4xl:px-12 @4xl:pt-20 @4xl:pb-24">
          <div className="animate-fade-up">
            <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-ink-foreground backdrop-blur">
              <span className="size-1.5 rounded-full bg-brand" aria-hidden="true" />
              {AUTH_TEXTS.inviteOnlyBeta}
            </p>
            <div className="mt-6">
              <Headline />
            </div>
            <p className="mt-6 max-w-xl text-pretty text-base leading-relaxed text-ink-muted sm:text-lg">
              {appName()} is a creative playground where brands meet talent and viewers stay to be
              inspired. Vertical video ads of {VIDEO_MAX_SECONDS} seconds or less, made to be
              watched, not skipped.
            </p>
            <div className="mt-8 grid grid-cols-2 gap-3 @lg:flex @lg:flex-wrap @lg:items-center">
              <Button asChild size="lg" className="col-span-2">
                <Link to="/join">
                  {AUTH_TEXTS.joinTheBeta} <ArrowRight />
                </Link>
              </Button>
              <Button asChild size="lg" variant="inverse">
                <Link to="/feed">
                  <Play className="fill-current" /> View Demo
                </Link>
              </Button>
              <Button asChild size="lg" variant="ghost-inverse">
                <Link to="/guidelines">
                  <BookOpen /> Guidelines
                </Link>
              </Button>
            </div>
          </div>

          <div className="relative mx-auto -mb-28 w-52 @2xl:w-64 @4xl:mb-0 @4xl:w-72">
            <PhoneMockup />
          </div>
        </div>
      </div>
    </section>
  );
}
