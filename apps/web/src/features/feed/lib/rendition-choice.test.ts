import { describe, expect, it } from 'vitest';
import {
  chooseRung,
  type Rung,
  type Screen,
  screenCap,
  ThroughputEstimate,
} from './rendition-choice';

const r360: Rung = { width: 360, height: 640, bitrate: 700_000 };
const r540: Rung = { width: 540, height: 960, bitrate: 1_300_000 };
const r720: Rung = { width: 720, height: 1280, bitrate: 2_600_000 };
const ladder = [r720, r360, r540]; // the order the API lists them in must not matter

const phone: Screen = { width: 390, height: 844, pixelRatio: 3 };
const laptop: Screen = { width: 450, height: 800, pixelRatio: 1 };

describe('the first video of a session (nothing measured yet)', () => {
  it('starts on the lowest rung without any hint (a conservative default)', () => {
    expect(chooseRung(ladder, phone, {}, null)).toBe(r360);
  });

  it('starts on the lowest rung on "slow 4G" as Chromium reports it (1.6 Mbit/s)', () => {
    expect(chooseRung(ladder, phone, { effectiveType: '4g', downlink: 1.6 }, null)).toBe(r360);
  });

  it('starts on the middle rung on a 2.5 Mbit/s link', () => {
    expect(chooseRung(ladder, phone, { effectiveType: '4g', downlink: 2.5 }, null)).toBe(r540);
  });

  it('starts on the top rung on fast 4G or Wi-Fi', () => {
    expect(chooseRung(ladder, phone, { effectiveType: '4g', downlink: 10 }, null)).toBe(r720);
  });

  it.each(['slow-2g', '2g', '3g'])(
    'starts on the lowest rung on %s whatever the downlink says',
    (type) => {
      expect(chooseRung(ladder, phone, { effectiveType: type, downlink: 10 }, null)).toBe(r360);
    },
  );
});

describe('later videos, on measured throughput', () => {
  it('steps up once earlier downloads showed a fast link, even where the hints were poor', () => {
    expect(chooseRung(ladder, phone, { effectiveType: '3g' }, 8_000_000)).toBe(r720);
  });

  it('steps down when the link turned out slower than the hints said', () => {
    expect(chooseRung(ladder, phone, { downlink: 10 }, 1_000_000)).toBe(r360);
  });

  it('keeps a margin: a link exactly at a rung’s bit rate does not pick it', () => {
    expect(chooseRung(ladder, phone, {}, r720.bitrate)).toBe(r540);
  });
});

describe('Save-Data and the screen', () => {
  it('honours Save-Data on any link', () => {
    expect(chooseRung(ladder, phone, { downlink: 10, saveData: true }, 50_000_000)).toBe(r360);
  });

  it('never picks a rung larger than the screen needs', () => {
    const small: Screen = { width: 200, height: 356, pixelRatio: 1 };
    expect(screenCap(ladder, small)).toBe(r360);
    expect(chooseRung(ladder, small, { downlink: 10 }, 50_000_000)).toBe(r360);
    const medium: Screen = { width: 300, height: 700, pixelRatio: 1 };
    expect(chooseRung(ladder, medium, { downlink: 10 }, 50_000_000)).toBe(r540);
  });

  it('covers a wide element too: the video is cropped to fill it, so its width decides', () => {
    const wide: Screen = { width: 500, height: 400, pixelRatio: 1 }; // 500 × 16/9 ≈ 889 px tall
    expect(screenCap(ladder, wide)).toBe(r540);
  });

  it('gives a phone the top rung when the link allows, and an 800 px laptop column no more than 540p', () => {
    expect(chooseRung(ladder, phone, {}, 50_000_000)).toBe(r720);
    expect(chooseRung(ladder, laptop, {}, 50_000_000)).toBe(r540);
    expect(chooseRung(ladder, { ...laptop, pixelRatio: 2 }, {}, 50_000_000)).toBe(r720);
  });

  it('plays the only rendition of a video that has one', () => {
    expect(chooseRung([r720], phone, { saveData: true }, null)).toBe(r720);
  });
});

describe('ThroughputEstimate', () => {
  it('knows nothing before a usable sample, and ignores tiny responses', () => {
    const estimate = new ThroughputEstimate();
    expect(estimate.bps).toBeNull();
    estimate.add(2_000, 1);
    expect(estimate.bps).toBeNull();
  });

  it('measures one download as its bits over its time', () => {
    const estimate = new ThroughputEstimate();
    estimate.add(1_000_000, 1_000);
    expect(estimate.bps).toBeCloseTo(8_000_000);
  });

  it('moves towards newer samples, weighted by their size', () => {
    const estimate = new ThroughputEstimate();
    estimate.add(1_000_000, 1_000); // 8 Mbit/s
    estimate.add(1_000_000, 4_000); // 2 Mbit/s
    const afterOneSlow = estimate.bps as number;
    expect(afterOneSlow).toBeLessThan(8_000_000);
    expect(afterOneSlow).toBeGreaterThan(2_000_000);
    estimate.add(4_000_000, 16_000); // 2 Mbit/s, a bigger download
    expect(estimate.bps as number).toBeLessThan(afterOneSlow);
  });
});
