import { AUTH_TEXTS, LANDING_FEATURES, TAGLINE, VIDEO_MAX_SECONDS } from '@adreel/domain';
import { BadgeDollarSign, Clapperboard, Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { appName } from '@/lib/app-name';
import { cn } from '@/lib/utils';
import { ReelGlyph } from './reel-glyph';

const HIGHLIGHTS = [
  { icon: Clapperboard, text: `Vertical ads of ${VIDEO_MAX_SECONDS} seconds or less` },
  { icon: Handshake, text: 'Brands meet creative talent' },
  { icon: BadgeDollarSign, text: LANDING_FEATURES.fairPayment },
];

/** The brand panel beside the access screens on wide windows; hidden on phones, where space is for the form. */
function BrandPanel() {
  const headline = `${TAGLINE.charAt(0).toUpperCase()}${TAGLINE.slice(1)}.`;
  return (
    <aside className="relative isolate hidden overflow-hidden rounded-[2rem] bg-ink p-10 text-white lg:sticky lg:top-[5.5rem] lg:flex lg:h-[calc(100dvh-7.5rem)] lg:min-h-[34rem] lg:flex-col lg:self-start">
      <div
        className="absolute -top-32 -left-24 -z-10 size-[26rem] rounded-full bg-[radial-gradient(closest-side,rgb(255_45_85/0.38),transparent)]"
        aria-hidden="true"
      />
      <div
        className="absolute -right-32 -bottom-40 -z-10 size-[30rem] rounded-full bg-[radial-gradient(closest-side,rgb(124_58_237/0.42),transparent)]"
        aria-hidden="true"
      />
      <div
        className="absolute inset-0 -z-10 bg-[linear-gradient(rgb(255_255_255/0.035)_1px,transparent_1px),linear-gradient(90deg,rgb(255_255_255/0.035)_1px,transparent_1px)] bg-[size:40px_40px] [mask-image:radial-gradient(ellipse_at_top_left,black,transparent_70%)]"
        aria-hidden="true"
      />
      <p className="inline-flex w-fit items-center gap-2 rounded-full border border-white/15 bg-white/5 px-3 py-1 text-xs font-medium text-ink-foreground">
        <span className="size-1.5 rounded-full bg-brand" aria-hidden="true" />
        {AUTH_TEXTS.inviteOnlyBeta}
      </p>
      <p className="mt-auto max-w-sm pt-16 text-[2.5rem] leading-[1.02] font-extrabold tracking-[-0.045em] text-balance">
        {headline}
      </p>
      <ul className="mt-8 flex flex-col gap-3.5">
        {HIGHLIGHTS.map(({ icon: Icon, text }) => (
          <li key={text} className="flex items-center gap-3 text-[0.9375rem] text-ink-foreground">
            <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-white/10 ring-1 ring-white/10">
              <Icon className="size-4" aria-hidden="true" />
            </span>
            {text}
          </li>
        ))}
      </ul>
      <div className="mt-10 flex items-center gap-3 border-t border-white/10 pt-6 text-sm text-ink-muted">
        <ReelGlyph className="size-6" />
        {appName()} for creators, brands and viewers
      </div>
    </aside>
  );
}

interface AuthLayoutProps {
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other access screens. */
  footer?: ReactNode;
  className?: string;
}

/** The frame of every access screen: sign in and up, join, verify email, reset password. */
export function AuthLayout({
  eyebrow,
  title,
  description,
  children,
  footer,
  className,
}: AuthLayoutProps) {
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:min-h-[calc(100dvh-3.5rem)] lg:grid-cols-[0.95fr_1.05fr] lg:gap-10 lg:px-8 lg:py-8">
      <BrandPanel />
      <div className={cn('flex flex-col justify-center', className)}>
        <div className="mx-auto w-full max-w-[28rem] animate-fade-up">
          <header className="mb-6 px-1">
            {eyebrow && <p className="text-eyebrow uppercase text-primary">{eyebrow}</p>}
            <h1 className="mt-2 text-title text-balance sm:text-[2.125rem]">{title}</h1>
            {description && (
              <p className="mt-2.5 text-pretty text-[0.9375rem] text-muted-foreground">
                {description}
              </p>
            )}
          </header>
          <div className="rounded-3xl border border-border bg-card p-5 shadow-card sm:p-7">
            {children}
          </div>
          {footer && (
            <div className="mt-5 px-1 text-center text-sm text-muted-foreground">{footer}</div>
          )}
        </div>
      </div>
    </div>
  );
}
