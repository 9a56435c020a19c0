import { type RefObject, useEffect, useRef } from 'react';
import { listenForPageHide, onPageHide, trackMetric } from '@/lib/metrics/metrics-client';
import { VIEW_MIN_VISIBLE_FRACTION } from './counting';
import { ViewableWatch } from './viewability';

/**
 * One watch per video for as long as the page lives (SPEC.md §4: each milestone once per video
 * per page view), kept even when an item far from the screen drops its video element. The first
 * impression token given for a video is the one its events carry (it may come after the video).
 */
export function useViewableWatches(): (videoId: string, impression?: string) => ViewableWatch {
  const watches = useRef(new Map<string, ViewableWatch>());
  useEffect(listenForPageHide, []);
  return (videoId, impression) => {
    let watch = watches.current.get(videoId);
    if (!watch) {
      watch = new ViewableWatch(videoId, impression);
      watches.current.set(videoId, watch);
    }
    if (impression) watch.impression ??= impression;
    return watch;
  };
}

const STOPS = ['pause', 'seeking', 'waiting', 'emptied'] as const;

function pageState() {
  return {
    visible: document.visibilityState !== 'hidden',
    focused: typeof document.hasFocus !== 'function' || document.hasFocus(),
  };
}

/**
 * Feeds a video element's playback and viewability to its watch: how much of the element is on
 * screen (IntersectionObserver), whether the tab is visible and focused; milestones as they are
 * reached, and the furthest fraction when the video leaves the screen or the page hides.
 */
export function useViewableWatch(
  videoRef: RefObject<HTMLVideoElement | null>,
  watch: ViewableWatch,
  onScreen: boolean,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // Nothing is on screen until the observer has measured it.
    watch.update({ ...pageState(), inView: 0 });
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? null
        : new IntersectionObserver(
            (entries) => {
              const entry = entries[entries.length - 1];
              if (entry)
                watch.update({ inView: entry.isIntersecting ? entry.intersectionRatio : 0 });
            },
            { threshold: [0, VIEW_MIN_VISIBLE_FRACTION, 1] },
          );
    observer?.observe(video);
    const onPage = () => watch.update(pageState());
    const onTime = () => {
      if (video.paused) return;
      for (const event of watch.tick(video.currentTime, video.duration)) trackMetric(event);
    };
    const onStop = () => watch.pause();
    video.addEventListener('timeupdate', onTime);
    for (const type of STOPS) video.addEventListener(type, onStop);
    document.addEventListener('visibilitychange', onPage);
    window.addEventListener('focus', onPage);
    window.addEventListener('blur', onPage);
    return () => {
      observer?.disconnect();
      video.removeEventListener('timeupdate', onTime);
      for (const type of STOPS) video.removeEventListener(type, onStop);
      document.removeEventListener('visibilitychange', onPage);
      window.removeEventListener('focus', onPage);
      window.removeEventListener('blur', onPage);
      watch.update({ inView: 0 });
    };
  }, [videoRef, watch]);

  useEffect(() => {
    if (!onScreen) return;
    const stopCollecting = onPageHide(() => watch.progress());
    return () => {
      stopCollecting();
      watch.pause();
      const progress = watch.progress();
      if (progress) trackMetric(progress);
    };
  }, [onScreen, watch]);
}
