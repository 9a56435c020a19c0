import type { FeedVideo } from '@adreel/domain';
import { act, render } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import { SessionThroughput } from './rendition-session';
import { useRendition } from './use-rendition';

const ladder: NonNullable<FeedVideo['renditions']> = [
  { name: '360p', url: '/media/v/360.mp4', width: 360, height: 640, bitrateKbps: 650 },
  { name: '540p', url: '/media/v/540.mp4', width: 540, height: 960, bitrateKbps: 1250 },
  { name: '720p', url: '/media/v/720.mp4', width: 720, height: 1280, bitrateKbps: 2500 },
];

function Player({
  video,
  preload,
  throughput,
}: {
  video: Pick<FeedVideo, 'fileUrl' | 'renditions'>;
  preload: 'auto' | 'metadata' | 'none';
  throughput: SessionThroughput;
}) {
  const ref = useRef<HTMLVideoElement>(null);
  const src = useRendition(video, ref, preload, throughput);
  return (
    <video ref={ref} src={src}>
      <track kind="captions" />
    </video>
  );
}

/** jsdom's video element has no media: give it buffered seconds and a duration. */
function fakeMedia(element: HTMLVideoElement, seconds: () => number, duration: number) {
  Object.defineProperty(element, 'buffered', {
    configurable: true,
    get: () => ({ length: 1, start: () => 0, end: () => seconds() }),
  });
  Object.defineProperty(element, 'duration', { configurable: true, value: duration });
}

function srcOf(container: HTMLElement): string | null | undefined {
  return container.querySelector('video')?.getAttribute('src');
}

describe('useRendition', () => {
  it('plays fileUrl for a video without a ladder', () => {
    const { container } = render(
      <Player
        video={{ fileUrl: '/media/a.mp4', renditions: null }}
        preload="auto"
        throughput={new SessionThroughput(null)}
      />,
    );
    expect(srcOf(container)).toBe('/media/a.mp4');
  });

  it('starts the session on the lowest rung (jsdom has no connection hints)', () => {
    const { container } = render(
      <Player
        video={{ fileUrl: '/media/v/720.mp4', renditions: ladder }}
        preload="auto"
        throughput={new SessionThroughput(null)}
      />,
    );
    expect(srcOf(container)).toBe('/media/v/360.mp4');
  });

  it('measures the download and a waiting neighbour steps up on it; a fetching one keeps its file', () => {
    const throughput = new SessionThroughput(null);
    const first = render(
      <Player
        video={{ fileUrl: '/media/v/720.mp4', renditions: ladder }}
        preload="auto"
        throughput={throughput}
      />,
    );
    const element = first.container.querySelector('video') as HTMLVideoElement;
    let seconds = 0;
    fakeMedia(element, () => seconds, 30);
    // A neighbour already fetching (metadata) and one waiting (none), chosen before any measure.
    const second = {
      fileUrl: '/media/w/720.mp4',
      renditions: ladder.map((r) => ({ ...r, url: r.url.replace('/v/', '/w/') })),
    };
    const fetching = render(<Player video={second} preload="metadata" throughput={throughput} />);
    const waiting = render(<Player video={second} preload="none" throughput={throughput} />);
    const starting = render(<Player video={second} preload="none" throughput={throughput} />);
    expect(srcOf(fetching.container)).toBe('/media/w/360.mp4');
    expect(srcOf(waiting.container)).toBe('/media/w/360.mp4');

    // The whole 30 s downloaded: 30 s × 650 kbit/s = 2.4 MB, in (almost) no time: a fast link.
    seconds = 30;
    act(() => {
      element.dispatchEvent(new Event('progress'));
    });
    expect(throughput.bps).not.toBeNull();
    expect(throughput.shouldMeasure('/media/v/360.mp4')).toBe(false);

    fetching.rerender(<Player video={second} preload="metadata" throughput={throughput} />);
    waiting.rerender(<Player video={second} preload="none" throughput={throughput} />);
    expect(srcOf(fetching.container)).toBe('/media/w/360.mp4');
    // Up to what jsdom's 1024×768 window at a pixel ratio of 1 needs: 540p (960 px tall), not 720p.
    expect(srcOf(waiting.container)).toBe('/media/w/540.mp4');
    // One that starts fetching in the same render chooses on the estimate of that moment, and keeps it.
    starting.rerender(<Player video={second} preload="auto" throughput={throughput} />);
    expect(srcOf(starting.container)).toBe('/media/w/540.mp4');
    throughput.finish({}, '/media/x.mp4', 100_000, 1000);
    starting.rerender(<Player video={second} preload="auto" throughput={throughput} />);
    expect(srcOf(starting.container)).toBe('/media/w/540.mp4');
  });
});
