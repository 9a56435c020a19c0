import { Bookmark, Heart, Send } from 'lucide-react';
import { cn } from '@/lib/utils';

const ACTIONS = [
  { key: 'like', Icon: Heart, filled: true },
  { key: 'share', Icon: Send, filled: false },
  { key: 'save', Icon: Bookmark, filled: false },
];

/**
 * An illustration of an ad in the feed: abstract art, no names and no numbers, since nothing here
 * is real data. Purely decorative.
 */
export function PhoneMockup({ className }: { className?: string }) {
  return (
    <div className={cn('relative', className)} aria-hidden="true">
      {/* A second reel peeking out behind, for depth. */}
      <div className="absolute top-10 -right-10 h-[88%] w-full rotate-[8deg] rounded-[2.25rem] bg-linear-to-br from-brand-orange via-brand to-brand-violet opacity-60 blur-[1px]" />
      <div className="relative rounded-[2.5rem] bg-[#1c1c26] p-2 shadow-[0_40px_80px_-30px_rgb(0_0_0/0.8)] ring-1 ring-white/10">
        <div className="relative aspect-[9/19] overflow-hidden rounded-[2rem] bg-[#1a0b2e]">
          {/* The "video": layered gradients standing in for footage. */}
          <div className="absolute inset-0 bg-[radial-gradient(120%_70%_at_20%_10%,#ff8a3d_0%,transparent_55%),radial-gradient(90%_60%_at_90%_40%,#ff2d55_0%,transparent_60%),radial-gradient(120%_80%_at_30%_100%,#7c3aed_0%,transparent_65%)]" />
          <div className="absolute top-[22%] left-1/2 aspect-square w-[62%] -translate-x-1/2 rounded-full bg-linear-to-b from-[#ffd29d] to-[#ff5a7a] opacity-90 shadow-[0_0_80px_20px_rgb(255_138_61/0.45)]" />
          <div className="absolute inset-x-0 bottom-0 h-[55%] bg-linear-to-t from-black/80 via-black/30 to-transparent" />

          <div className="absolute inset-x-4 top-4 flex gap-1">
            <span className="h-0.5 flex-1 rounded-full bg-white" />
            <span className="h-0.5 flex-1 rounded-full bg-white/40" />
            <span className="h-0.5 flex-1 rounded-full bg-white/40" />
          </div>
          <span className="absolute top-8 left-4 rounded-md bg-white/90 px-1.5 py-0.5 text-[0.625rem] font-bold tracking-wide text-ink">
            Ad
          </span>

          <div className="absolute right-3 bottom-28 flex flex-col items-center gap-3 text-white">
            {ACTIONS.map(({ key, Icon, filled }) => (
              <span
                key={key}
                className="grid size-9 place-items-center rounded-full bg-white/15 backdrop-blur-md"
              >
                <Icon className="size-4" fill={filled ? 'currentColor' : 'none'} />
              </span>
            ))}
          </div>

          <div className="absolute inset-x-4 bottom-5 flex flex-col gap-2">
            <div className="flex items-center gap-2">
              <span className="size-7 rounded-full bg-linear-to-br from-brand to-brand-violet ring-2 ring-white/80" />
              <span className="h-2 w-20 rounded-full bg-white/90" />
            </div>
            <span className="h-1.5 w-[85%] rounded-full bg-white/60" />
            <span className="h-1.5 w-[60%] rounded-full bg-white/45" />
            <span className="mt-1.5 grid h-8 place-items-center rounded-full bg-white text-[0.6875rem] font-bold text-ink">
              Learn More
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
