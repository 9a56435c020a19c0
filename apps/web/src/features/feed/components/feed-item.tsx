import { type FeedVideo, formatThousands } from '@adreel/domain';
import { ExternalLink, Eye, Pause, Play, Sparkles, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { ExactCount } from '@/components/ui/exact-count';
import { trackMetric } from '@/lib/metrics/metrics-client';
import { cn } from '@/lib/utils';
import { useRendition } from '../lib/use-rendition';
import { useViewableWatch } from '../lib/use-viewable-watch';
import type { ViewableWatch } from '../lib/viewability';
import { FeedActions } from './feed-actions';

export type Preload = 'auto' | 'metadata' | 'none';

interface PlayerProps {
  video: FeedVideo;
  playing: boolean;
  onScreen: boolean;
  muted: boolean;
  preload: Preload;
  /** Leave the poster out (a neighbour while the video on screen has not shown a frame yet). */
  withoutPoster: boolean;
  tracker: ViewableWatch;
  onSoundBlocked: () => void;
  /** The video has a frame to show (or cannot load); may be called again (after a seek). */
  onFirstFrame?: (() => void) | undefined;
}

/** The video element itself: plays only while it should, and reports how far it was watched. */
function Player({
  video,
  playing,
  onScreen,
  muted,
  preload,
  withoutPoster,
  tracker,
  onSoundBlocked,
  onFirstFrame,
}: PlayerProps) {
  const ref = useRef<HTMLVideoElement>(null);
  useViewableWatch(ref, tracker, onScreen);
  // The rung of the ladder for this connection and screen (issue 20), or fileUrl without one.
  const src = useRendition(video, ref, preload);

  useEffect(() => {
    const element = ref.current;
    if (element) element.muted = muted;
  }, [muted]);

  // Its first frame, from the element itself rather than React's onLoadedData: an element whose
  // file is in the browser's media cache (the page's first video fetched it) can have its frame
  // before React has put it in the page, where React drops the event; and one that continues the
  // page's video seeks at once, so its frame comes with `seeked`.
  useEffect(() => {
    const element = ref.current;
    if (!element || !onFirstFrame) return;
    if (element.readyState >= 2 || element.error) {
      onFirstFrame();
      return;
    }
    const events = ['loadeddata', 'seeked', 'error'] as const;
    for (const event of events) element.addEventListener(event, onFirstFrame);
    return () => {
      for (const event of events) element.removeEventListener(event, onFirstFrame);
    };
  }, [onFirstFrame]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (!playing) {
      element.pause();
      return;
    }
    const attempt = element.play() as Promise<void> | undefined;
    attempt?.catch((error: unknown) => {
      // A browser that allows only muted autoplay: play muted and show the sound as off.
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) {
        element.muted = true;
        onSoundBlocked();
        void element.play()?.catch(() => {});
      }
    });
  }, [playing, onSoundBlocked]);

  return (
    <video
      ref={ref}
      src={src}
      poster={withoutPoster ? undefined : (video.thumbUrl ?? undefined)}
      muted={muted}
      loop
      playsInline
      disablePictureInPicture
      preload={preload}
      aria-label={video.title}
      className="absolute inset-0 size-full object-cover"
    />
  );
}

export interface FeedItemProps {
  video: FeedVideo;
  index: number;
  /** On screen now. */
  active: boolean;
  /** Near enough to keep a video element (the others show their poster). */
  mounted: boolean;
  preload: Preload;
  /**
   * The video on screen has not shown a frame yet: this one waits with its poster and its bytes,
   * so the first video gets the connection to itself (a phone's first visit).
   */
  deferMedia: boolean;
  onFirstFrame?: (() => void) | undefined;
  /** The page is visible. */
  pageVisible: boolean;
  muted: boolean;
  onToggleMuted: () => void;
  onSoundBlocked: () => void;
  tracker: ViewableWatch;
  onReport: (video: FeedVideo) => void;
}

/** One screen of the feed (SPEC.md §2): the ad, who made it, its numbers and what to do with it. */
export function FeedItem({
  video,
  index,
  active,
  mounted,
  preload,
  deferMedia,
  onFirstFrame,
  pageVisible,
  muted,
  onToggleMuted,
  onSoundBlocked,
  tracker,
  onReport,
}: FeedItemProps) {
  const [paused, setPaused] = useState(false);
  // Coming back to a video starts it again, whatever it was left as.
  useEffect(() => {
    if (!active) setPaused(false);
  }, [active]);

  const handle = `@${video.creator.username}`;
  return (
    <article
      data-feed-item=""
      data-index={index}
      aria-label={`${video.title} by ${handle}`}
      className="relative flex h-full snap-start snap-always items-center justify-center md:gap-4 md:py-4 md:pl-16"
    >
      <div className="relative h-full w-full overflow-hidden bg-black md:aspect-[9/16] md:w-auto md:max-w-[calc(100%-4rem)] md:rounded-3xl md:shadow-[0_30px_80px_-30px_rgb(0_0_0/0.9)]">
        {mounted ? (
          <Player
            video={video}
            playing={active && pageVisible && !paused}
            onScreen={active}
            muted={muted}
            preload={preload}
            withoutPoster={deferMedia}
            tracker={tracker}
            onSoundBlocked={onSoundBlocked}
            onFirstFrame={onFirstFrame}
          />
        ) : (
          video.thumbUrl &&
          !deferMedia && (
            <img
              src={video.thumbUrl}
              alt=""
              loading="lazy"
              className="absolute inset-0 size-full object-cover"
            />
          )
        )}

        <button
          type="button"
          aria-label={paused ? `Play ${video.title}` : `Pause ${video.title}`}
          onClick={() => setPaused((value) => !value)}
          className="absolute inset-0 grid cursor-pointer place-items-center focus-visible:outline-none"
        >
          <span
            aria-hidden="true"
            className={cn(
              'grid size-16 place-items-center rounded-full bg-black/45 text-white backdrop-blur-md transition-[opacity,transform] duration-200',
              paused ? 'scale-100 opacity-100' : 'scale-75 opacity-0',
            )}
          >
            {paused ? (
              <Play className="size-7 translate-x-0.5 fill-white" />
            ) : (
              <Pause className="size-7" />
            )}
          </span>
        </button>

        <div className="pointer-events-none absolute inset-x-0 top-0 h-28 bg-gradient-to-b from-black/45 to-transparent" />
        <div className="pointer-events-none absolute inset-x-0 bottom-0 h-2/3 bg-gradient-to-t from-black/80 via-black/30 to-transparent" />

        <div className="absolute top-3 left-3 flex items-center gap-1.5">
          <span className="rounded-md bg-white px-1.5 py-0.5 text-[0.6875rem] font-extrabold tracking-wide text-ink uppercase">
            Ad
          </span>
          {video.featured && (
            <span className="inline-flex items-center gap-1 rounded-md bg-gradient-to-r from-brand to-brand-orange px-1.5 py-0.5 text-[0.6875rem] font-bold tracking-wide text-white uppercase">
              <Sparkles className="size-3" aria-hidden="true" /> Featured
            </span>
          )}
        </div>

        <button
          type="button"
          onClick={onToggleMuted}
          aria-label={muted ? 'Turn sound on' : 'Turn sound off'}
          className="absolute top-2.5 right-2.5 grid size-10 cursor-pointer place-items-center rounded-full bg-black/35 text-white backdrop-blur-md transition-colors hover:bg-black/55 focus-visible:outline-2 focus-visible:outline-white"
        >
          {muted ? <VolumeX className="size-5" /> : <Volume2 className="size-5" />}
        </button>

        <div className="absolute inset-x-0 bottom-0 flex flex-col gap-2.5 p-4 pr-20 text-white md:pr-4">
          <Link
            to={`/profile?id=${encodeURIComponent(video.creator.id)}`}
            className="flex w-fit max-w-full items-center gap-2.5 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Avatar
              name={video.creator.displayName || video.creator.username}
              photoUrl={video.creator.photoUrl}
              className="size-9 ring-2 ring-white/80"
            />
            <span className="min-w-0 truncate text-[0.9375rem] font-bold [text-shadow:0_1px_2px_rgb(0_0_0/0.5)]">
              {handle}
            </span>
          </Link>
          {video.caption && (
            <p className="line-clamp-3 text-sm leading-snug text-pretty text-white/95 [text-shadow:0_1px_2px_rgb(0_0_0/0.5)]">
              {video.caption}
            </p>
          )}
          <p className="inline-flex items-center gap-1 text-xs font-semibold text-white/85 tabular-nums">
            <Eye className="size-3.5" aria-hidden="true" />{' '}
            <ExactCount
              count={video.views}
              one="view"
              many="views"
              shown={`${formatThousands(video.views)} views`}
            />
          </p>
          {video.ctaUrl && (
            <a
              href={video.ctaUrl}
              target="_blank"
              rel="noopener noreferrer"
              onClick={() =>
                trackMetric(
                  tracker.event({ action: 'increment', metricType: 'clicks', increment: 1 }),
                )
              }
              className="mt-1 inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-white px-4 text-sm font-bold text-ink transition-colors hover:bg-white/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              {video.ctaText || 'Learn More'} <ExternalLink className="size-4" aria-hidden="true" />
            </a>
          )}
        </div>
      </div>

      <div className="absolute right-2 bottom-4 md:static md:self-end md:pb-4">
        <FeedActions video={video} onReport={onReport} />
      </div>
    </article>
  );
}
