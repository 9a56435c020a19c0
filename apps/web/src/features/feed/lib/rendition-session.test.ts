import type { FeedVideo } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import {
  bufferedEnd,
  connectionHints,
  DownloadMeter,
  SessionThroughput,
  sourceFor,
  toRungs,
  viewportScreen,
} from './rendition-session';

const ladder: NonNullable<FeedVideo['renditions']> = [
  { name: '360p', url: '/media/v/360.mp4', width: 360, height: 640, bitrateKbps: 650 },
  { name: '540p', url: '/media/v/540.mp4', width: 540, height: 960, bitrateKbps: 1250 },
  { name: '720p', url: '/media/v/720.mp4', width: 720, height: 1280, bitrateKbps: 2500 },
];
const video = { fileUrl: '/media/v/720.mp4', renditions: ladder };
const phone = { width: 390, height: 844, pixelRatio: 3 };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('toRungs', () => {
  it('maps kbit/s to bit/s and keeps the file', () => {
    expect(toRungs(ladder)?.[0]).toEqual({
      name: '360p',
      url: '/media/v/360.mp4',
      width: 360,
      height: 640,
      bitrate: 650_000,
    });
  });

  it.each([null, undefined, []])('is null for a video without a ladder (%s)', (renditions) => {
    expect(toRungs(renditions as FeedVideo['renditions'])).toBeNull();
  });
});

describe('sourceFor', () => {
  it('plays fileUrl for a video without renditions', () => {
    expect(sourceFor({ fileUrl: '/media/a.mp4', renditions: null }, phone, {}, null)).toEqual({
      url: '/media/a.mp4',
      rung: null,
    });
  });

  it('starts on the lowest rung with nothing known', () => {
    expect(sourceFor(video, phone, {}, null).url).toBe('/media/v/360.mp4');
  });

  it('starts on the lowest rung on slow 4G (1.6 Mbit/s reported)', () => {
    expect(sourceFor(video, phone, { effectiveType: '4g', downlink: 1.6 }, null).url).toBe(
      '/media/v/360.mp4',
    );
  });

  it('steps up on a measured 5 Mbit/s', () => {
    expect(sourceFor(video, phone, { downlink: 1.6 }, 5_000_000).url).toBe('/media/v/720.mp4');
  });

  it('plays the rung the page started loading until something is measured', () => {
    const fast = { effectiveType: '4g', downlink: 10 };
    expect(sourceFor(video, phone, fast, null, '/media/v/360.mp4').url).toBe('/media/v/360.mp4');
    expect(sourceFor(video, phone, fast, null, null).url).toBe('/media/v/720.mp4');
    expect(sourceFor(video, phone, fast, 20_000_000, '/media/v/360.mp4').url).toBe(
      '/media/v/720.mp4',
    );
    // Another video's file says nothing about this one.
    expect(sourceFor(video, phone, fast, null, '/media/w/360.mp4').url).toBe('/media/v/720.mp4');
  });

  it('honours Save-Data whatever was measured', () => {
    expect(sourceFor(video, phone, { saveData: true }, 50_000_000).url).toBe('/media/v/360.mp4');
  });

  it('never fetches more than a small screen shows', () => {
    const small = { width: 320, height: 568, pixelRatio: 1 };
    expect(sourceFor(video, small, {}, 50_000_000).url).toBe('/media/v/360.mp4');
  });
});

describe('connectionHints', () => {
  it('reads effectiveType, downlink and saveData', () => {
    expect(
      connectionHints({ connection: { effectiveType: '3g', downlink: 1.45, saveData: true } }),
    ).toEqual({ effectiveType: '3g', downlink: 1.45, saveData: true });
  });

  it('is empty without the Network Information API', () => {
    expect(connectionHints({})).toEqual({});
    expect(connectionHints(undefined)).toEqual({});
  });

  it('ignores values of the wrong type', () => {
    expect(connectionHints({ connection: { effectiveType: 4, downlink: 'x' } })).toEqual({});
  });
});

describe('viewportScreen', () => {
  it('is the window on a phone', () => {
    expect(viewportScreen({ innerWidth: 390, innerHeight: 844, devicePixelRatio: 3 })).toEqual(
      phone,
    );
  });

  it('is the 9:16 column on a wide screen', () => {
    expect(viewportScreen({ innerWidth: 1280, innerHeight: 800, devicePixelRatio: 1 })).toEqual({
      width: 450,
      height: 800,
      pixelRatio: 1,
    });
  });
});

describe('SessionThroughput', () => {
  it('knows nothing at first', () => {
    expect(new SessionThroughput(memoryStorage()).bps).toBeNull();
  });

  it('uses a download under way until one has finished', () => {
    const session = new SessionThroughput(memoryStorage());
    const key = {};
    session.progress(key, 200_000, 1000);
    expect(session.bps).toBe(1_600_000);
    session.finish(key, '/a.mp4', 1_000_000, 2000);
    expect(session.bps).toBeCloseTo(4_000_000);
  });

  it('ignores a download too small to say anything', () => {
    const session = new SessionThroughput(memoryStorage());
    session.progress({}, 10_000, 1);
    expect(session.bps).toBeNull();
    session.finish({}, '/a.mp4', 10_000, 1);
    expect(session.bps).toBeNull();
    expect(session.shouldMeasure('/a.mp4')).toBe(true);
  });

  it('does not measure a file twice (the second comes from the cache)', () => {
    const session = new SessionThroughput(memoryStorage());
    session.finish({}, '/a.mp4', 1_000_000, 2000);
    expect(session.shouldMeasure('/a.mp4')).toBe(false);
    expect(session.shouldMeasure('/b.mp4')).toBe(true);
  });

  it('keeps its estimate and measured files for the session', () => {
    const storage = memoryStorage();
    new SessionThroughput(storage).finish({}, '/a.mp4', 1_000_000, 1000);
    const again = new SessionThroughput(storage);
    expect(again.bps).toBeCloseTo(8_000_000);
    expect(again.shouldMeasure('/a.mp4')).toBe(false);
  });

  it('starts afresh on a damaged entry', () => {
    const storage = memoryStorage();
    storage.setItem('adreel:throughput', '{not json');
    expect(new SessionThroughput(storage).bps).toBeNull();
  });

  it('works without storage', () => {
    const session = new SessionThroughput(null);
    session.finish({}, '/a.mp4', 1_000_000, 1000);
    expect(session.bps).toBeCloseTo(8_000_000);
  });
});

describe('DownloadMeter', () => {
  it('counts the seconds buffered since it started at the rung bit rate', () => {
    const meter = new DownloadMeter(800_000);
    expect(meter.update(100, 3)).toEqual({ bytes: 0, ms: 0 });
    meter.start(1000, 1);
    expect(meter.update(3000, 11)).toEqual({ bytes: 1_000_000, ms: 2000 });
    expect(meter.figures).toEqual({ bytes: 1_000_000, ms: 2000 });
  });

  it('reads how far the file was fetched from the furthest buffered range, past a gap a seek left', () => {
    const ranges = {
      length: 2,
      start: (i: number) => [0, 10][i] ?? 0,
      end: (i: number) => [4, 12][i] ?? 0,
    };
    expect(bufferedEnd(ranges)).toBe(12);
    expect(bufferedEnd({ length: 0, start: () => 0, end: () => 0 })).toBe(0);
  });
});
