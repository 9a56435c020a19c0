/**
 * The rung the page for /feed starts its first video on (issue 20): the page's script chooses it
 * (PICK_RUNG, ES5, before any of the app's code has run) as the app's player would choose the first
 * video of a session (sourceFor with nothing measured: the connection's hints, the screen, else a
 * conservative default). Held equal over connection, screen and ladder profiles.
 */
import type { FeedVideo } from '@adreel/domain';
import { describe, expect, it } from 'vitest';
import {
  connectionHints,
  sourceFor,
  viewportScreen,
} from '../../../web/src/features/feed/lib/rendition-session';
import { PICK_RUNG } from '../../src/platform/app-code';
import { pageVideoRungs } from '../../src/platform/first-video';

type Connection = { effectiveType?: unknown; downlink?: unknown; saveData?: unknown } | undefined;
type View = { innerWidth: number; innerHeight: number; devicePixelRatio: number };

const pick = new Function(`return ${PICK_RUNG}`)() as (
  rungs: NonNullable<ReturnType<typeof pageVideoRungs>>,
  connection: Connection,
  view: View,
) => string;

const ladder = (kbps: number[], order: number[] = [0, 1, 2]): FeedVideo['renditions'] => {
  const rungs = [
    { name: '360p' as const, width: 360, height: 640 },
    { name: '540p' as const, width: 540, height: 960 },
    { name: '720p' as const, width: 720, height: 1280 },
  ].map((rung, i) => ({
    ...rung,
    url: `/media/videos/v/${rung.name}.mp4`,
    bitrateKbps: kbps[i] ?? 0,
  }));
  return order.map((i) => rungs[i] as (typeof rungs)[number]).filter(Boolean);
};

const LADDERS: FeedVideo['renditions'][] = [
  ladder([600, 1200, 2500]), // the ladder
  ladder([180, 280, 500]), // the demo clips' light rungs
  ladder([600, 1200, 2500], [2, 0, 1]), // listed out of order
  ladder([300, 900], [0, 1]), // two rungs
];
const CONNECTIONS: Connection[] = [
  undefined, // no Network Information API (Safari, Firefox)
  {},
  { saveData: true, effectiveType: '4g', downlink: 10 },
  { effectiveType: 'slow-2g', downlink: 0.05 },
  { effectiveType: '2g', downlink: 0.2 },
  { effectiveType: '3g', downlink: 1.5 },
  { effectiveType: '4g' },
  { effectiveType: '4g', downlink: Number.NaN },
  { effectiveType: '4g', downlink: 0 },
  ...[0.3, 0.5, 0.9, 1.45, 2.1, 4, 10].map((downlink) => ({ effectiveType: '4g', downlink })),
];
const VIEWS: View[] = [
  { innerWidth: 390, innerHeight: 844, devicePixelRatio: 3 },
  { innerWidth: 360, innerHeight: 640, devicePixelRatio: 2 },
  { innerWidth: 320, innerHeight: 480, devicePixelRatio: 1 },
  { innerWidth: 1280, innerHeight: 800, devicePixelRatio: 1 },
  { innerWidth: 1920, innerHeight: 1080, devicePixelRatio: 1.5 },
];

describe("the page video's first rung", () => {
  it('is the rung the app would choose first, for every connection, screen and ladder', () => {
    let compared = 0;
    const chosen = new Set<string>();
    for (const renditions of LADDERS) {
      const video = { fileUrl: '/media/videos/v/720p.mp4', renditions };
      const rungs = pageVideoRungs(video as FeedVideo);
      if (!rungs) throw new Error('a ladder');
      for (const connection of CONNECTIONS)
        for (const view of VIEWS) {
          const app = sourceFor(video, viewportScreen(view), connectionHints({ connection }), null);
          const page = pick(rungs, connection, view);
          expect(page, JSON.stringify({ renditions, connection, view })).toBe(app.url);
          chosen.add(page);
          compared += 1;
        }
    }
    expect(compared).toBe(LADDERS.length * CONNECTIONS.length * VIEWS.length);
    // The grid reaches every rung: low, middle and top.
    expect([...chosen].sort()).toEqual([
      '/media/videos/v/360p.mp4',
      '/media/videos/v/540p.mp4',
      '/media/videos/v/720p.mp4',
    ]);
  });

  it('starts low on a slow or saving connection and without hints, higher on a fast one', () => {
    const rungs = pageVideoRungs({
      fileUrl: '/f.mp4',
      renditions: ladder([600, 1200, 2500]),
    } as FeedVideo) as NonNullable<ReturnType<typeof pageVideoRungs>>;
    const phone = { innerWidth: 390, innerHeight: 844, devicePixelRatio: 3 };
    expect(pick(rungs, { effectiveType: '3g', downlink: 1.5 }, phone)).toMatch(/360p/);
    expect(pick(rungs, { saveData: true, effectiveType: '4g', downlink: 10 }, phone)).toMatch(
      /360p/,
    );
    expect(pick(rungs, undefined, phone)).toMatch(/360p/);
    expect(pick(rungs, { effectiveType: '4g', downlink: 2.1 }, phone)).toMatch(/540p/);
    expect(pick(rungs, { effectiveType: '4g', downlink: 10 }, phone)).toMatch(/720p/);
  });
});
