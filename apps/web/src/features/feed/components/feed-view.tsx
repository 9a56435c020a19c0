import {
  ACCOUNT_PROFILE_TEXTS,
  AREA_ROLES,
  COMMON_TEXTS,
  FEED_MESSAGES,
  FEED_PAGE_SIZE,
  type FeedVideo,
  hasAnyRole,
  ITALIAN_EMPTY_STATES,
  VIDEO_TEXTS,
} from '@adreel/domain';
import { AlertTriangle, ArrowUp, Clapperboard, RefreshCw } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/error-message';
import { releasePageVideo, releasePageVideoUnlessTakenOver } from '@/lib/page-first-video';
import { mayHaveSession, useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { embeddedFirstPage, markFirstPageUsed, useFeed, useFeedImpressions } from '../api/get-feed';
import { useViewableWatches } from '../lib/use-viewable-watch';
import { FeedItem, type Preload } from './feed-item';

/** Start loading the next page this many videos before the end, so the scroll never waits. */
const PREFETCH_BEFORE_END = 5;
/** Videos this far from the screen keep a video element; the rest show their poster. */
const MOUNTED_BEHIND = 1;
const MOUNTED_AHEAD = 2;
/** The side dots show a window of this many around the current video. */
const DOTS_WINDOW = 7;

/**
 * All the height the shell leaves it (the /feed route fills the viewport: route-handle.ts), so the
 * top bar, the "Verify your email" banner and the tab bar never cover the caption or the actions.
 */
const FEED_HEIGHT = 'h-full';

function preloadFor(index: number, active: number, activeHasFrame: boolean): Preload {
  if (index === active) return 'auto';
  // Until the one on screen shows a frame, the others wait: it gets the whole connection.
  if (!activeHasFrame) return 'none';
  // The next loads fully, so a swipe starts at once.
  if (index === active + 1) return 'auto';
  return Math.abs(index - active) <= MOUNTED_AHEAD ? 'metadata' : 'none';
}

function usePageVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState !== 'hidden');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState !== 'hidden');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

function FeedFrame({ children, className }: { children: React.ReactNode; className?: string }) {
  return (
    <div
      className={cn('relative overflow-hidden bg-ink text-ink-foreground', FEED_HEIGHT, className)}
    >
      {children}
    </div>
  );
}

function FeedLoading() {
  return (
    <FeedFrame className="flex items-center justify-center md:py-4">
      <div
        role="status"
        aria-label={VIDEO_TEXTS.loading}
        className="grid h-full w-full animate-pulse place-items-center bg-ink-raised md:aspect-[9/16] md:w-auto md:rounded-3xl"
      >
        <Spinner className="size-7 text-ink-muted" />
      </div>
    </FeedFrame>
  );
}

function FeedMessage({
  icon: Icon,
  title,
  description,
  action,
  tone = 'default',
  lang,
}: {
  icon: typeof Clapperboard;
  title: string;
  description: string;
  action: React.ReactNode;
  tone?: 'default' | 'error';
  /** The language of the title and description, when not the page's (SPEC.md's Italian). */
  lang?: string;
}) {
  return (
    <FeedFrame className="grid place-items-center px-6">
      <div
        role={tone === 'error' ? 'alert' : undefined}
        className="flex max-w-sm flex-col items-center text-center"
      >
        <span
          className={cn(
            'grid size-16 place-items-center rounded-3xl',
            tone === 'error'
              ? 'bg-red-500/15 text-red-300'
              : 'bg-gradient-to-br from-brand to-brand-violet text-white',
          )}
        >
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <div lang={lang} className="contents">
          <h1 className="mt-5 text-2xl font-extrabold tracking-tight text-balance text-white">
            {title}
          </h1>
          <p className="mt-2 text-sm text-pretty text-ink-muted">{description}</p>
        </div>
        <div className="mt-6">{action}</div>
      </div>
    </FeedFrame>
  );
}

function EmptyFeed() {
  const session = useSession();
  const roles = session.status === 'signed-in' ? session.user.roles : null;
  let action = (
    <Button asChild variant="inverse" size="lg">
      <Link to="/auth">{FEED_MESSAGES.signInToCreate}</Link>
    </Button>
  );
  if (roles && hasAnyRole(roles, AREA_ROLES.creator)) {
    action = (
      <Button asChild variant="inverse" size="lg">
        <Link to="/creator/upload">Upload an Ad</Link>
      </Button>
    );
  } else if (roles) {
    action = (
      <Button asChild variant="inverse" size="lg">
        <Link to="/join">{ACCOUNT_PROFILE_TEXTS.requestCreatorAccess}</Link>
      </Button>
    );
  }
  return (
    <FeedMessage
      icon={Clapperboard}
      lang="it"
      title={FEED_MESSAGES.feedEmpty}
      description={ITALIAN_EMPTY_STATES.feedDetail}
      action={action}
    />
  );
}

/** Dots beside the feed: the videos around the current one, each a jump to its screen. */
function SideDots({
  count,
  active,
  onJump,
}: {
  count: number;
  active: number;
  onJump: (index: number) => void;
}) {
  if (count < 2) return null;
  const first = Math.max(0, Math.min(active - Math.floor(DOTS_WINDOW / 2), count - DOTS_WINDOW));
  const indexes = Array.from({ length: Math.min(DOTS_WINDOW, count) }, (_, i) => first + i);
  return (
    <nav
      aria-label="Videos"
      className="absolute top-[42%] right-0.5 z-10 -translate-y-1/2 md:top-1/2 md:right-4"
    >
      <ul className="flex flex-col items-center">
        {indexes.map((index) => {
          const current = index === active;
          const edge =
            (index === first && first > 0) ||
            (index === first + DOTS_WINDOW - 1 && index < count - 1);
          return (
            <li key={index}>
              <button
                type="button"
                aria-label={`Go to video ${index + 1}`}
                aria-current={current ? 'true' : undefined}
                onClick={() => onJump(index)}
                className="group grid size-6 cursor-pointer place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-white"
              >
                <span
                  className={cn(
                    'block w-1.5 rounded-full bg-white/45 transition-all duration-200 group-hover:bg-white/80',
                    current ? 'h-3.5 bg-white' : edge ? 'h-1 w-1' : 'h-1.5',
                  )}
                />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/**
 * /feed (SPEC.md §2, DESIGN.md §3): full-screen vertical snap scroll of approved ads, one per
 * screen. Only the one on screen plays, the next is preloaded, ↑/↓ and j/k move, side dots jump,
 * and the next page loads before the end.
 */
export function FeedView({ onReport }: { onReport: (video: FeedVideo) => void }) {
  const [params] = useSearchParams();
  const start = params.get('start');
  const session = useSession();
  // A visitor with no sign of a session reads the feed at once, beside the session check; one who
  // may be signed in waits for it, so their likes come with the first page.
  const [maybeSignedIn] = useState(mayHaveSession);
  // Such a visitor's first page may already be in the page (the server wrote it in): no request.
  const firstPage = embeddedFirstPage(start);
  useEffect(() => markFirstPageUsed(), []);
  const feed = useFeed(
    start,
    session.status === 'signed-in',
    session.status !== 'loading' || !maybeSignedIn,
    maybeSignedIn ? undefined : firstPage,
  );
  const videos = useMemo(() => {
    const seen = new Set<string>();
    return (feed.data?.pages ?? [])
      .flatMap((page) => page.videos)
      .filter((video) => {
        if (seen.has(video.id)) return false;
        seen.add(video.id);
        return true;
      });
  }, [feed.data]);
  // Each video's impression token, from the page that first served it (issue 16).
  const impressions = useMemo(
    () =>
      Object.assign(
        {},
        ...[...(feed.data?.pages ?? [])].reverse().map((page) => page.impressions ?? {}),
      ) as Record<string, string>,
    [feed.data],
  );
  // The page written into the HTML has no tokens (it is the same for everyone): asked for here.
  const missing = useMemo(
    () =>
      videos
        .filter((video) => !impressions[video.id])
        .slice(0, FEED_PAGE_SIZE)
        .map((video) => video.id),
    [videos, impressions],
  );
  const fetchedImpressions = useFeedImpressions(missing, session.status === 'signed-in').data
    ?.impressions;

  const [active, setActive] = useState(0);
  // A new ?start is a new feed: it begins at its first video.
  // biome-ignore lint/correctness/useExhaustiveDependencies: start is what resets it
  useEffect(() => setActive(0), [start]);
  // Once a video on screen has shown a frame, its neighbours may load (it stays so).
  const [firstFrameShown, setFirstFrameShown] = useState(false);
  const onFirstFrame = useCallback(() => setFirstFrameShown(true), []);
  // The page's own first video (page-first-video.ts) goes with the feed, when the feed has no
  // video to show, and once the video on screen shows a frame, unless that is the player of the
  // same file taking over from it.
  useEffect(() => releasePageVideo, []);
  const nothingToPlay = feed.isError || (feed.isSuccess && videos.length === 0);
  useEffect(() => {
    if (nothingToPlay) releasePageVideo();
    else if (firstFrameShown) releasePageVideoUnlessTakenOver();
  }, [nothingToPlay, firstFrameShown]);
  const [muted, setMuted] = useState(true);
  const scrollerRef = useRef<HTMLDivElement>(null);
  const pageVisible = usePageVisible();
  const watchFor = useViewableWatches();

  // The item mostly on screen is the one that plays. Items come and go with the pages loaded.
  const itemCount = videos.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: itemCount is when the items change
  useEffect(() => {
    const root = scrollerRef.current;
    if (!root || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting && entry.intersectionRatio >= 0.6) {
            setActive(Number((entry.target as HTMLElement).dataset.index));
          }
        }
      },
      { root, threshold: [0.6] },
    );
    for (const item of root.querySelectorAll('[data-feed-item]')) observer.observe(item);
    return () => observer.disconnect();
  }, [itemCount]);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && active >= videos.length - PREFETCH_BEFORE_END) {
      void fetchNextPage();
    }
  }, [active, videos.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const jumpTo = useCallback((index: number) => {
    const root = scrollerRef.current;
    const item = root?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!root || !item) return;
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    root.scrollTo?.({ top: item.offsetTop, behavior: smooth ? 'smooth' : 'auto' });
    setActive(index);
  }, []);

  // ↑/↓ and j/k move between videos, unless the viewer is typing or a dialog or menu is open.
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      if (isTyping(event.target) || document.querySelector('[role="dialog"], [role="menu"]'))
        return;
      const step = { ArrowDown: 1, j: 1, ArrowUp: -1, k: -1 }[event.key];
      if (!step) return;
      event.preventDefault();
      const next = Math.max(0, Math.min(videos.length - 1, active + step));
      if (next !== active) jumpTo(next);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [active, videos.length, jumpTo]);

  const toggleMuted = useCallback(() => setMuted((value) => !value), []);
  const soundBlocked = useCallback(() => setMuted(true), []);

  const backdrop = videos[active]?.thumbUrl ?? null;

  if (feed.isPending) return <FeedLoading />;
  if (feed.isError) {
    return (
      <FeedMessage
        tone="error"
        icon={AlertTriangle}
        title={FEED_MESSAGES.feedFailed}
        description={serverMessage(feed.error, COMMON_TEXTS.checkConnection)}
        action={
          <Button variant="inverse" onClick={() => void feed.refetch()}>
            <RefreshCw /> Retry
          </Button>
        }
      />
    );
  }
  if (videos.length === 0) return <EmptyFeed />;

  return (
    <FeedFrame>
      <h1 className="sr-only">Feed</h1>
      {backdrop && (
        // Beside the column on a laptop, the ad's own colours rather than a flat wall.
        <img
          key={backdrop}
          src={backdrop}
          alt=""
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 hidden size-full scale-125 object-cover opacity-25 blur-3xl md:block"
        />
      )}
      <div
        ref={scrollerRef}
        className="relative h-full snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        {videos.map((video, index) => (
          <FeedItem
            key={video.id}
            video={video}
            index={index}
            active={index === active}
            mounted={index >= active - MOUNTED_BEHIND && index <= active + MOUNTED_AHEAD}
            preload={preloadFor(index, active, firstFrameShown)}
            deferMedia={!firstFrameShown && index !== active}
            onFirstFrame={index === active ? onFirstFrame : undefined}
            pageVisible={pageVisible}
            muted={muted}
            onToggleMuted={toggleMuted}
            onSoundBlocked={soundBlocked}
            tracker={watchFor(video.id, impressions[video.id] ?? fetchedImpressions?.[video.id])}
            onReport={onReport}
          />
        ))}
        {(isFetchingNextPage || feed.isFetchNextPageError) && (
          <div className="flex h-full snap-start items-center justify-center">
            {feed.isFetchNextPageError ? (
              <div role="alert" className="flex flex-col items-center gap-3 text-center">
                <p className="font-semibold text-white">{FEED_MESSAGES.feedFailed}</p>
                <Button variant="inverse" onClick={() => void fetchNextPage()}>
                  <RefreshCw /> Retry
                </Button>
              </div>
            ) : (
              <Spinner className="size-7 text-ink-muted" />
            )}
          </div>
        )}
        {!hasNextPage && videos.length > 1 && (
          <div
            data-feed-item=""
            data-index={videos.length}
            className="flex h-full snap-start flex-col items-center justify-center gap-4 px-6 text-center"
          >
            <p className="text-xl font-extrabold tracking-tight text-white">You're all caught up</p>
            <p className="max-w-xs text-sm text-ink-muted">
              That's every ad for now. New ones arrive as creators publish them.
            </p>
            <Button variant="ghost-inverse" onClick={() => jumpTo(0)}>
              <ArrowUp /> Back to the first
            </Button>
          </div>
        )}
      </div>
      <SideDots count={videos.length} active={active} onJump={jumpTo} />
    </FeedFrame>
  );
}
