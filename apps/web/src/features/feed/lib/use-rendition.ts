import type { FeedVideo } from '@adreel/domain';
import { type RefObject, useEffect, useState } from 'react';
import { pageStartedRung, pageVideoDownload, takeOverPageVideo } from '@/lib/page-first-video';
import {
  bufferedEnd,
  connectionHints,
  DownloadMeter,
  type SessionThroughput,
  sessionThroughput,
  sourceFor,
  viewportScreen,
} from './rendition-session';

type Preload = 'auto' | 'metadata' | 'none';

/**
 * The file a feed video element plays (issue 20): the rung of its ladder chosen from the
 * connection and the throughput measured so far, or `fileUrl` for a video without a ladder.
 *
 * The choice follows the estimate while the element fetches nothing (preload "none": a neighbour
 * waiting for the video on screen) and is kept once it starts fetching, so the neighbour prefetched
 * is the file it then plays. While the element downloads the whole file, the download is measured
 * and feeds the session's estimate the next videos are chosen on.
 */
export function useRendition(
  video: Pick<FeedVideo, 'fileUrl' | 'renditions'>,
  ref: RefObject<HTMLVideoElement | null>,
  preload: Preload,
  throughput: SessionThroughput = sessionThroughput(),
): string {
  const choose = () =>
    sourceFor(video, viewportScreen(), connectionHints(), throughput.bps, pageStartedRung);
  const fetching = preload !== 'none';
  const [state, setState] = useState(() => ({ source: choose(), fixed: fetching }));
  let source = state.source;
  if (!state.fixed) {
    // Still free to change: choose again on what was measured since, and keep that choice from
    // the render in which the element starts fetching.
    source = choose();
    if (fetching || source.url !== state.source.url) setState({ source, fixed: fetching });
  }

  const rung = source.rung;
  const url = source.url;

  // The page's own video plays this file already: continue from where it is, then it goes.
  useEffect(() => {
    const element = ref.current;
    if (!element || url !== pageStartedRung) return;
    return takeOverPageVideo(element);
  }, [ref, url]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !rung || preload !== 'auto' || !throughput.shouldMeasure(url)) return;
    const key = {};
    const meter = new DownloadMeter(rung.bitrate);
    // The page's own video has been fetching this file since the page arrived
    // (page-first-video.ts); this element gets what it fetched from the browser's media cache. A
    // download the page's video finished is measured as it ran; one still under way from here on,
    // past what the page's video had, at the link's speed now that the app's code is in.
    const page = url === pageStartedRung ? pageVideoDownload() : null;
    if (page && Number.isFinite(page.duration) && page.seconds >= page.duration - 0.1) {
      meter.start(page.startMs, 0);
      const { bytes, ms } = meter.update(page.lastMs, page.seconds);
      throughput.finish(key, url, bytes, ms);
      return;
    }
    meter.start(performance.now(), Math.max(bufferedEnd(element.buffered), page?.seconds ?? 0));
    let done = false;

    const onProgress = () => {
      if (done) return;
      const { bytes, ms } = meter.update(performance.now(), bufferedEnd(element.buffered));
      const whole =
        Number.isFinite(element.duration) &&
        element.duration > 0 &&
        bufferedEnd(element.buffered) >= element.duration - 0.1;
      if (whole) {
        done = true;
        throughput.finish(key, url, bytes, ms);
      } else {
        throughput.progress(key, bytes, ms);
      }
    };
    element.addEventListener('progress', onProgress);
    element.addEventListener('canplaythrough', onProgress);
    return () => {
      element.removeEventListener('progress', onProgress);
      element.removeEventListener('canplaythrough', onProgress);
      if (!done) {
        const { bytes, ms } = meter.figures;
        throughput.finish(key, url, bytes, ms);
      }
    };
  }, [ref, rung, url, preload, throughput]);

  return source.url;
}
