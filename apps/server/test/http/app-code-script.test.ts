// @vitest-environment jsdom
/**
 * The page's one inline script (app-code.ts, issue 20), run in a document: it gives the page's
 * first video its rung, asks for the app's code once that video has data (or has waited, or on
 * another page once painted), and never leaves the page without the app's code, even when the
 * ladder it was given cannot be read.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  APP_CODE_SCRIPT,
  FIRST_FRAME_WAIT_MS,
  FIRST_PAINT_WAIT_MS,
} from '../../src/platform/app-code';

/** The few parts of jsdom's document this test reads (the server is typed without the DOM). */
interface PageNode {
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
  dispatchEvent(event: Event): boolean;
}
interface Doc {
  head: { innerHTML: string; querySelectorAll(selector: string): ArrayLike<PageNode> };
  body: { innerHTML: string };
  querySelector(selector: string): PageNode | null;
}
const document = (globalThis as unknown as { document: Doc }).document;

const LIST =
  '<script type="application/json" id="app-code">{"entry":"/assets/index-1.js","preload":["/assets/feed-1.js"]}</script>';

function run(body: string) {
  document.head.innerHTML = '';
  document.body.innerHTML = body + LIST;
  new Function(APP_CODE_SCRIPT)();
}
const appCode = () => ({
  entry:
    Array.from(document.head.querySelectorAll('script[type="module"]'))[0]?.getAttribute('src') ??
    null,
  preload: Array.from(document.head.querySelectorAll('link[rel="modulepreload"]')).map((link) =>
    link.getAttribute('href'),
  ),
});
const video = () => document.querySelector('video') as PageNode;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the page's script", () => {
  it("gives the page's video its rung and asks for the code once the video has data", () => {
    const rungs = JSON.stringify([
      { url: '/m/720.mp4', height: 1280, bitrate: 2_500_000 },
      { url: '/m/360.mp4', height: 640, bitrate: 600_000 },
    ]).replace(/"/g, '&quot;');
    run(`<video data-first-rung="" data-rungs="${rungs}"></video>`);
    // jsdom has no Network Information API: the conservative default (0.6 Mbit/s) allows 360p.
    expect(video().getAttribute('src')).toBe('/m/360.mp4');
    expect(Number(video().getAttribute('data-load-start'))).toBeGreaterThanOrEqual(0);
    expect(appCode().entry).toBeNull();
    video().dispatchEvent(new Event('loadeddata'));
    expect(appCode()).toEqual({ entry: '/assets/index-1.js', preload: ['/assets/feed-1.js'] });
    // Once only.
    video().dispatchEvent(new Event('error'));
    vi.advanceTimersByTime(FIRST_FRAME_WAIT_MS);
    expect(document.head.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('asks for the code after waiting when the video shows nothing, or its ladder cannot be read', () => {
    run('<video data-first-rung="" data-rungs="not json"></video>');
    expect(video().hasAttribute('src')).toBe(false);
    vi.advanceTimersByTime(FIRST_FRAME_WAIT_MS - 1);
    expect(appCode().entry).toBeNull();
    vi.advanceTimersByTime(1);
    expect(appCode().entry).toBe('/assets/index-1.js');
  });

  it('asks for the code on a page without a video once it has painted', () => {
    run('<div id="root"></div>');
    expect(appCode().entry).toBeNull();
    vi.advanceTimersByTime(FIRST_PAINT_WAIT_MS);
    expect(appCode().entry).toBe('/assets/index-1.js');
  });
});
