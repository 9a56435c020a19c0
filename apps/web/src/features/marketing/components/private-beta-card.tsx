import { AUTH_TEXTS } from '@adreel/domain';
import { ArrowRight, LockKeyhole } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { appName } from '@/lib/app-name';

export function PrivateBetaCard() {
  return (
    <section
      aria-labelledby="private-beta-title"
      className="mx-auto max-w-6xl px-4 pb-16 sm:px-6 sm:pb-24 lg:px-8"
    >
      <div className="relative isolate overflow-hidden rounded-[1.75rem] bg-ink px-6 py-12 text-center text-white sm:rounded-[2.25rem] sm:px-12 sm:py-16">
        <div
          className="absolute -top-24 left-1/2 -z-10 h-64 w-[36rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(255_45_85/0.45),transparent)]"
          aria-hidden="true"
        />
        <span className="mx-auto grid size-12 place-items-center rounded-2xl bg-white/10 ring-1 ring-white/15">
          <LockKeyhole className="size-5" aria-hidden="true" />
        </span>
        <h2 id="private-beta-title" className="mt-6 text-title text-balance sm:text-[2.5rem]">
          Currently in Private Beta
        </h2>
        <p className="mx-auto mt-4 max-w-lg text-pretty text-ink-muted sm:text-lg">
          {appName()} is invite-only while we build it with our first creators and brands. Tell us
          who you are and we'll get in touch.
        </p>
        <Button asChild size="lg" variant="inverse" className="mt-8">
          <Link to="/join">
            {AUTH_TEXTS.requestAccess} <ArrowRight />
          </Link>
        </Button>
      </div>
    </section>
  );
}
