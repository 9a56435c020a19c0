import { FEED_MESSAGES, type FeedVideo, withBrand } from '@adreel/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Bookmark, Heart, Share2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ExactCount } from '@/components/ui/exact-count';
import { ApiError } from '@/lib/api';
import { appName } from '@/lib/app-name';
import { serverMessage } from '@/lib/error-message';
import { useSession } from '@/lib/session';
import { cn } from '@/lib/utils';
import { feedKey, updateFeedVideo } from '../api/get-feed';
import { useSetLike } from '../api/set-like';
import { useLogShare } from '../api/share-video';
import { useSaved } from '../lib/saved-videos';
import { MoreMenu } from './more-menu';

/** How long a signed-out viewer's heart stays lit before it falls back, so they see what happened. */
const SIGNED_OUT_LIKE_REVERT_MS = 350;
const LIKE_FAILED = 'Your like could not be saved. Please try again.';

function RailButton({
  label,
  pressed,
  onClick,
  count,
  children,
}: {
  label: string;
  pressed?: boolean;
  onClick?: () => void;
  /** Shown in thousands under the button, read out in full (ExactCount). */
  count?: { value: number; one: string; many: string };
  children: ReactNode;
}) {
  const countId = useId();
  return (
    <div className="flex flex-col items-center gap-1">
      <button
        type="button"
        aria-label={label}
        aria-describedby={count ? countId : undefined}
        aria-pressed={pressed}
        onClick={onClick}
        className={cn(
          'grid size-12 cursor-pointer place-items-center rounded-full bg-black/35 text-white backdrop-blur-md transition-[transform,background-color] duration-150',
          'hover:bg-black/50 active:scale-90 md:bg-ink-raised md:hover:bg-ink-border',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
          '[&_svg]:size-6',
        )}
      >
        {children}
      </button>
      {count !== undefined && (
        <span
          id={countId}
          className="text-xs font-semibold text-white tabular-nums [text-shadow:0_1px_2px_rgb(0_0_0/0.6)]"
        >
          <ExactCount count={count.value} one={count.one} many={count.many} />
        </span>
      )}
    </div>
  );
}

function useLike(video: FeedVideo) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setLike = useSetLike();
  const [state, setState] = useState({ liked: video.likedByMe, likes: video.likes });
  const revertTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    setState({ liked: video.likedByMe, likes: video.likes });
  }, [video.likedByMe, video.likes]);
  useEffect(() => () => clearTimeout(revertTimer.current), []);

  function askToSignIn() {
    toast.error(FEED_MESSAGES.likeSignIn, {
      id: 'like-sign-in',
      action: { label: 'Sign In', onClick: () => void navigate('/auth') },
    });
  }

  return {
    ...state,
    toggle() {
      const previous = state;
      const liked = !previous.liked;
      setState({ liked, likes: Math.max(0, previous.likes + (liked ? 1 : -1)) });
      if (session.status !== 'signed-in') {
        clearTimeout(revertTimer.current);
        revertTimer.current = setTimeout(() => setState(previous), SIGNED_OUT_LIKE_REVERT_MS);
        askToSignIn();
        return;
      }
      setLike.mutate(
        { id: video.id, liked },
        {
          onSuccess: (answer) => {
            setState(answer);
            queryClient.setQueriesData({ queryKey: feedKey }, (data) =>
              updateFeedVideo(data as Parameters<typeof updateFeedVideo>[0], video.id, {
                likedByMe: answer.liked,
                likes: answer.likes,
              }),
            );
          },
          onError: (error) => {
            setState(previous);
            if (error instanceof ApiError && error.status === 401) askToSignIn();
            // A refusal says why (the server's message); anything else is on us, said plainly.
            else if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
              toast.error(serverMessage(error, LIKE_FAILED));
            } else toast.error(LIKE_FAILED);
          },
        },
      );
    },
  };
}

async function shareVideo(video: FeedVideo): Promise<boolean> {
  const url = new URL(`/feed?start=${encodeURIComponent(video.id)}`, window.location.origin).href;
  const title = withBrand(FEED_MESSAGES.shareTitle, appName());
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title, text: video.caption ?? video.title, url });
      return true;
    } catch (error) {
      // The viewer closed the share sheet: nothing was shared, and nothing needs saying.
      if (error instanceof DOMException && error.name === 'AbortError') return false;
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    toast.success(FEED_MESSAGES.linkCopied);
    return true;
  } catch {
    toast.error('Could not copy the link');
    return false;
  }
}

/** Like, share, save and the '...' menu beside a feed video (SPEC.md §2 Feed). */
export function FeedActions({
  video,
  onReport,
}: {
  video: FeedVideo;
  onReport: (video: FeedVideo) => void;
}) {
  const session = useSession();
  const like = useLike(video);
  const [saved, toggleSaved] = useSaved(video.id);
  const logShare = useLogShare();

  return (
    <div className="flex flex-col items-center gap-4">
      <RailButton
        label="Like"
        pressed={like.liked}
        onClick={like.toggle}
        count={{ value: like.likes, one: 'like', many: 'likes' }}
      >
        <Heart
          className={cn(
            'transition-[color,fill,transform] duration-200',
            like.liked && 'scale-110 fill-brand text-brand',
          )}
        />
      </RailButton>
      <RailButton
        label="Share"
        onClick={() =>
          void shareVideo(video).then((shared) => {
            // SPEC.md §6: a share is logged only when signed in.
            if (shared && session.status === 'signed-in') {
              logShare.mutate(video.id, {
                onError: (error) => console.warn('Share was not logged', error),
              });
            }
          })
        }
      >
        <Share2 />
      </RailButton>
      <RailButton
        label="Save"
        pressed={saved}
        onClick={() => toast.success(toggleSaved() ? FEED_MESSAGES.saved : FEED_MESSAGES.unsaved)}
      >
        <Bookmark className={cn('transition-colors', saved && 'fill-white')} />
      </RailButton>
      <MoreMenu
        onReport={() => onReport(video)}
        triggerClassName="grid size-12 cursor-pointer place-items-center rounded-full bg-black/35 text-white backdrop-blur-md transition-colors hover:bg-black/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white md:bg-ink-raised md:hover:bg-ink-border [&_svg]:size-6"
      />
    </div>
  );
}
