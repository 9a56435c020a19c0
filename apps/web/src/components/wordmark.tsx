import { appName } from '@/lib/app-name';
import { cn } from '@/lib/utils';
import { ReelGlyph } from './reel-glyph';

/** The product's logo: the reel glyph and the configured product name. */
export function Wordmark({
  className,
  inverse = false,
}: {
  className?: string;
  inverse?: boolean;
}) {
  return (
    <span className={cn('inline-flex items-center gap-2', className)}>
      <ReelGlyph className="size-7 shrink-0 drop-shadow-[0_4px_10px_rgb(255_45_85/0.35)]" />
      <span
        className={cn(
          'translate-y-px text-[1.1875rem] leading-none font-extrabold tracking-[-0.04em]',
          inverse ? 'text-white' : 'text-foreground',
        )}
      >
        {appName()}
      </span>
    </span>
  );
}
