/**
 * The feed's player of the file the page's own first video plays (page-first-video.ts): it plays
 * that file, and the page video's download, not the player's copy from the media cache, is what the
 * session's throughput estimate learns from.
 */
import type { FeedVideo } from '@adreel/domain';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const ladder: NonNullable<FeedVideo['renditions']> = [
  { name: '360p', url: '/media/v/360.mp4', width: 360, height: 640, bitrateKbps: 640 },
  { name: '540p', url: '/media/v/540.mp4', width: 540, height: 960, bitrateKbps: 1250 },
  { name: '720p', url: '/media/v/720.mp4', width: 720, height: 1280, bitrateKbps: 2500 },
];

/** The page as the server writes it, its download as its script noted it, then fresh modules. */
async function withPageVideo(download: { seconds: number; duration: number }) {
  document.body.innerHTML = `<div data-first-video=""><video data-first-rung="" src="/media/v/360.mp4" data-load-start="1000" data-fetched-at="3000"></video></div>`;
  const page = document.querySelector('video') as HTMLVideoElement;
  Object.defineProperties(page, {
    buffered: { get: () => ({ length: 1, start: () => 0, end: () => download.seconds }) },
    duration: { get: () => download.duration },
  });
  page.pause = () => {};
  page.load = () => {};
  vi.resetModules();
  const [{ useRendition }, { SessionThroughput }] = await Promise.all([
    import('./use-rendition'),
    import('./rendition-session'),
  ]);
  const throughput = new SessionThroughput(null);
  function Player() {
    const ref = useRef<HTMLVideoElement>(null);
    const src = useRendition(
      { fileUrl: '/media/v/720.mp4', renditions: ladder },
      ref,
      'auto',
      throughput,
    );
    return (
      <video ref={ref} src={src}>
        <track kind="captions" />
      </video>
    );
  }
  const { container } = render(<Player />);
  const player = container.querySelector('video') as HTMLVideoElement;
  return { src: player.getAttribute('src'), player, throughput };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the feed's player of the page's first video", () => {
  it("plays the page's file and learns the throughput from the page's whole download", async () => {
    // 10 s at 640 kbit/s (800 kB) fetched between 1,000 and 3,000 ms: 3.2 Mbit/s.
    const { src, throughput } = await withPageVideo({ seconds: 10, duration: 10 });
    expect(src).toBe('/media/v/360.mp4');
    expect(throughput.bps).toBeCloseTo(3_200_000, -4);
  });

  it("measures a download the page video had not finished from here on, past the page video's seconds", async () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(10_000);
    try {
      const { player, throughput } = await withPageVideo({ seconds: 4, duration: 10 });
      // Nothing yet: the 4 s the page video fetched are not this element's download.
      expect(throughput.bps).toBeNull();
      // The other 6 s (480 kB at 640 kbit/s) come in the next 2 s: 1.92 Mbit/s.
      Object.defineProperties(player, {
        buffered: { get: () => ({ length: 1, start: () => 0, end: () => 10 }) },
        duration: { get: () => 10 },
      });
      now.mockReturnValue(12_000);
      player.dispatchEvent(new Event('progress'));
      expect(throughput.bps).toBeCloseTo(1_920_000, -4);
    } finally {
      now.mockRestore();
    }
  });
});
