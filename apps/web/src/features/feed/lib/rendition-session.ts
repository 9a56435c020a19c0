/**
 * The session side of the rendition choice (issue 20): what the browser says about its connection,
 * the throughput measured on the videos downloaded so far (kept in sessionStorage, so a reload or
 * the next feed visit in the tab starts from it), and how a download is measured. The choice itself
 * is rendition-choice.ts; the hook that ties both to a video element is use-rendition.ts.
 */
import type { FeedVideo, VideoRendition } from '@adreel/domain';
import {
  type ConnectionHints,
  chooseRung,
  type Rung,
  type Screen,
  ThroughputEstimate,
} from './rendition-choice';

/** A rung with the file to fetch for it. */
export interface PlayableRung extends Rung {
  name: VideoRendition['name'];
  url: string;
}

/** The API's ladder as rungs (bit rates in bits per second), or null when the video has none. */
export function toRungs(renditions: FeedVideo['renditions']): PlayableRung[] | null {
  if (!renditions || renditions.length === 0) return null;
  return renditions.map((rendition) => ({
    name: rendition.name,
    url: rendition.url,
    width: rendition.width,
    height: rendition.height,
    bitrate: rendition.bitrateKbps * 1000,
  }));
}

interface NetworkInformationLike {
  effectiveType?: unknown;
  downlink?: unknown;
  saveData?: unknown;
}

/** navigator.connection where the browser has it (Chromium); nothing elsewhere. */
export function connectionHints(
  nav: { connection?: NetworkInformationLike } | undefined = globalThis.navigator as
    | { connection?: NetworkInformationLike }
    | undefined,
): ConnectionHints {
  const connection = nav?.connection;
  if (!connection) return {};
  const hints: ConnectionHints = {};
  if (typeof connection.effectiveType === 'string') hints.effectiveType = connection.effectiveType;
  if (typeof connection.downlink === 'number' && Number.isFinite(connection.downlink))
    hints.downlink = connection.downlink;
  if (connection.saveData === true) hints.saveData = true;
  return hints;
}

/** What viewportScreen reads of the window. */
type Viewport = { innerWidth: number; innerHeight: number; devicePixelRatio?: number };

/**
 * The box a video fills: the window, or on a wide screen the 9:16 column the feed shows it in.
 * (Typed without the DOM: the server's test of the page's own choice runs it too.)
 */
export function viewportScreen(win: Viewport = globalThis as unknown as Viewport): Screen {
  const height = win.innerHeight;
  return {
    width: Math.min(win.innerWidth, Math.ceil((height * 9) / 16)),
    height,
    pixelRatio: win.devicePixelRatio || 1,
  };
}

/**
 * The file to play: the chosen rung of the ladder, or `fileUrl` for a video without one. Before
 * anything is measured, a rung the page already started loading (`started`) wins: its first bytes
 * are in, which no estimate can beat for the first frame.
 */
export function sourceFor(
  video: Pick<FeedVideo, 'fileUrl' | 'renditions'>,
  screen: Screen,
  hints: ConnectionHints,
  measuredBps: number | null,
  started: string | null = null,
): { url: string; rung: PlayableRung | null } {
  const rungs = toRungs(video.renditions);
  if (!rungs) return { url: video.fileUrl, rung: null };
  const loading =
    measuredBps === null && started !== null
      ? rungs.find((rung) => rung.url === started)
      : undefined;
  const rung = loading ?? (chooseRung(rungs, screen, hints, measuredBps) as PlayableRung);
  return { url: rung.url, rung };
}

const STORAGE_KEY = 'adreel:throughput';
/** What a stored estimate counts for when read back: one sample of this size. */
const STORED_SAMPLE_BYTES = 512 * 1024;

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

function sessionStore(): StorageLike | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage disabled (a privacy setting): the estimate lives for the page only.
    return null;
  }
}

/**
 * The session's throughput: finished downloads feed {@link ThroughputEstimate}; while none has
 * finished, the download under way stands in (a video whose neighbour is chosen before the one on
 * screen has finished downloading). Files measured once are not measured again: a second fetch of
 * a content-addressed file comes from the HTTP cache and says nothing about the network.
 */
export class SessionThroughput {
  private readonly estimate = new ThroughputEstimate();
  private readonly measured = new Set<string>();
  private readonly running = new Map<object, { bytes: number; ms: number }>();

  constructor(private readonly storage: StorageLike | null = sessionStore()) {
    try {
      const raw = storage?.getItem(STORAGE_KEY);
      if (!raw) return;
      const stored = JSON.parse(raw) as { bps?: unknown; urls?: unknown };
      if (typeof stored.bps === 'number' && stored.bps > 0)
        this.estimate.add(STORED_SAMPLE_BYTES, (STORED_SAMPLE_BYTES * 8 * 1000) / stored.bps);
      if (Array.isArray(stored.urls))
        for (const url of stored.urls) if (typeof url === 'string') this.measured.add(url);
    } catch {
      // A damaged entry: start afresh.
    }
  }

  /** Bits per second, or null while nothing is known. */
  get bps(): number | null {
    const finished = this.estimate.bps;
    if (finished !== null) return finished;
    let best: number | null = null;
    for (const { bytes, ms } of this.running.values()) {
      if (bytes < ThroughputEstimate.MIN_SAMPLE_BYTES || ms <= 0) continue;
      const bps = (bytes * 8 * 1000) / ms;
      if (best === null || bps > best) best = bps;
    }
    return best;
  }

  /** Whether a download of `url` still says something about the network. */
  shouldMeasure(url: string): boolean {
    return !this.measured.has(url);
  }

  /** A download under way, identified by `key`, has fetched `bytes` in `ms` so far. */
  progress(key: object, bytes: number, ms: number): void {
    this.running.set(key, { bytes, ms });
  }

  /** The download is over (done, or the element gone): its figures become a sample. */
  finish(key: object, url: string, bytes: number, ms: number): void {
    this.running.delete(key);
    if (bytes < ThroughputEstimate.MIN_SAMPLE_BYTES) return;
    this.measured.add(url);
    this.estimate.add(bytes, ms);
    this.save();
  }

  private save(): void {
    try {
      this.storage?.setItem(
        STORAGE_KEY,
        JSON.stringify({ bps: this.estimate.bps, urls: [...this.measured].slice(-50) }),
      );
    } catch {
      // Quota or privacy mode: the page keeps its estimate in memory.
    }
  }
}

let shared: SessionThroughput | null = null;

/** The page's one estimate (created on first use). */
export function sessionThroughput(): SessionThroughput {
  shared ??= new SessionThroughput();
  return shared;
}

/**
 * How far into its file a video element has fetched, in seconds: the end of its furthest buffered
 * range. A progressive download fetches in order, so this holds when a seek left a gap before it
 * (the feed's player continuing the page's first video from where it got to); bytes are these
 * seconds at the rung's average bit rate.
 */
export function bufferedEnd(ranges: {
  length: number;
  start(index: number): number;
  end(index: number): number;
}): number {
  let end = 0;
  for (let i = 0; i < ranges.length; i++) end = Math.max(end, ranges.end(i));
  return end;
}

/**
 * One download measured from a video element: started when the element is asked to fetch the
 * whole file (preload "auto" or playing), with what it had buffered then; the bytes since are the
 * newly buffered seconds times the rung's bit rate. The clock is passed in.
 */
export class DownloadMeter {
  private startMs: number | null = null;
  private startSeconds = 0;
  private lastBytes = 0;
  private lastMs = 0;

  constructor(private readonly bitrate: number) {}

  get started(): boolean {
    return this.startMs !== null;
  }

  start(nowMs: number, bufferedSec: number): void {
    if (this.startMs !== null) return;
    this.startMs = nowMs;
    this.startSeconds = bufferedSec;
  }

  /** The figures so far: bytes since the start and the milliseconds they took. */
  update(nowMs: number, bufferedSec: number): { bytes: number; ms: number } {
    if (this.startMs === null) return { bytes: 0, ms: 0 };
    const seconds = Math.max(0, bufferedSec - this.startSeconds);
    this.lastBytes = Math.round((seconds * this.bitrate) / 8);
    this.lastMs = nowMs - this.startMs;
    return { bytes: this.lastBytes, ms: this.lastMs };
  }

  /** The last figures taken by {@link update}. */
  get figures(): { bytes: number; ms: number } {
    return { bytes: this.lastBytes, ms: this.lastMs };
  }
}
