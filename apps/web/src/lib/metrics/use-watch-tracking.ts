import { type RefObject, useEffect, useRef } from 'react';
import { listenForPageHide, onPageHide, trackMetric } from './metrics-client';
import { WatchTracker } from './watch-tracker';

/**
 * One tracker per video for as long as the page lives (SPEC.md §4: each milestone once per video
 * per page view), kept even when an item far from the screen drops its video element.
 */
export function useWatchTrackers(): (videoId: string) => WatchTracker {
  const trackers = useRef(new Map<string, WatchTracker>());
  useEffect(listenForPageHide, []);
  return (videoId) => {
    let tracker = trackers.current.get(videoId);
    if (!tracker) {
      tracker = new WatchTracker(videoId);
      trackers.current.set(videoId, tracker);
    }
    return tracker;
  };
}

/**
 * Feeds a video element's playback to its tracker: milestones as they are reached, and the
 * furthest fraction when the video leaves the screen or the page hides.
 */
export function useWatchTracking(
  videoRef: RefObject<HTMLVideoElement | null>,
  tracker: WatchTracker,
  onScreen: boolean,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onTime = () => {
      if (video.paused) return;
      for (const event of tracker.tick(video.currentTime, video.duration)) trackMetric(event);
    };
    const onStop = () => tracker.pause();
    video.addEventListener('timeupdate', onTime);
    for (const type of ['pause', 'seeking', 'waiting', 'emptied'] as const) {
      video.addEventListener(type, onStop);
    }
    return () => {
      video.removeEventListener('timeupdate', onTime);
      for (const type of ['pause', 'seeking', 'waiting', 'emptied'] as const) {
        video.removeEventListener(type, onStop);
      }
    };
  }, [videoRef, tracker]);

  useEffect(() => {
    if (!onScreen) return;
    const stopCollecting = onPageHide(() => tracker.progress());
    return () => {
      stopCollecting();
      tracker.pause();
      const progress = tracker.progress();
      if (progress) trackMetric(progress);
    };
  }, [onScreen, tracker]);
}
