import { afterEach, describe, expect, it, vi } from 'vitest';

type Module = typeof import('./page-first-video');

/** A media element as far as the takeover reads it: jsdom plays nothing. */
function media(
  element: HTMLVideoElement,
  state: { currentTime?: number; duration?: number; readyState?: number },
) {
  let time = state.currentTime ?? 0;
  Object.defineProperties(element, {
    currentTime: { get: () => time, set: (value: number) => (time = value), configurable: true },
    duration: { get: () => state.duration ?? Number.NaN, configurable: true },
    readyState: { get: () => state.readyState ?? 0, configurable: true },
  });
  element.pause = vi.fn();
  element.load = vi.fn();
  return element;
}

/** The page as the server writes it for /feed (apps/server/src/platform/first-video.ts), then the module. */
async function pageWithVideo(
  currentTime = 2.5,
): Promise<{ module: Module; page: HTMLVideoElement }> {
  document.body.innerHTML = `<div id="root"></div><div data-first-video="" inert><video data-first-rung="" src="/media/videos/v/360.mp4" autoplay muted></video></div>`;
  const page = media(document.querySelector('video') as HTMLVideoElement, { currentTime });
  vi.resetModules();
  return { module: await import('./page-first-video'), page };
}

/** The feed's player; `frame` presents its next frame. */
function player(state: { duration?: number; readyState?: number }) {
  const element = media(document.createElement('video'), state);
  let frame: () => void = () => {};
  element.requestVideoFrameCallback = (callback) => {
    frame = () => callback(0, {} as VideoFrameCallbackMetadata);
    return 1;
  };
  return { element, frame: () => frame() };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the page's first video", () => {
  it('names the file the page plays, or none without one', async () => {
    const { module } = await pageWithVideo();
    expect(module.pageStartedRung).toBe('/media/videos/v/360.mp4');
    document.body.innerHTML = '<div id="root"></div>';
    vi.resetModules();
    expect((await import('./page-first-video')).pageStartedRung).toBeNull();
  });

  it("is continued by the feed's player where it got to, and goes once that player shows a frame", async () => {
    const { module, page } = await pageWithVideo(2.5);
    const { element, frame } = player({ duration: 11, readyState: 0 });
    module.takeOverPageVideo(element);
    // Taken over: the feed's first frame elsewhere does not remove it.
    module.releasePageVideoUnlessTakenOver();
    expect(document.querySelector('[data-first-video]')).not.toBeNull();

    element.dispatchEvent(new Event('loadedmetadata'));
    expect(element.currentTime).toBe(2.5);
    expect(document.querySelector('[data-first-video]')).not.toBeNull();
    frame();
    expect(document.querySelector('[data-first-video]')).toBeNull();
    // Stopped and its download cancelled, not only out of the page.
    expect(page.pause).toHaveBeenCalled();
    expect(page.hasAttribute('src')).toBe(false);
    expect(page.load).toHaveBeenCalled();
  });

  it('starts the player from the beginning when the page video had not started', async () => {
    const { module } = await pageWithVideo(0);
    const { element, frame } = player({ duration: 11, readyState: 1 });
    element.currentTime = 0;
    module.takeOverPageVideo(element);
    expect(element.currentTime).toBe(0);
    frame();
    expect(document.querySelector('[data-first-video]')).toBeNull();
  });

  it("goes when the feed's player cannot play the file, or goes away first", async () => {
    let { module } = await pageWithVideo();
    const failing = player({ readyState: 0 }).element;
    module.takeOverPageVideo(failing);
    failing.dispatchEvent(new Event('error'));
    expect(document.querySelector('[data-first-video]')).toBeNull();

    ({ module } = await pageWithVideo());
    const cleanup = module.takeOverPageVideo(player({ readyState: 0 }).element);
    expect(document.querySelector('[data-first-video]')).not.toBeNull();
    cleanup();
    expect(document.querySelector('[data-first-video]')).toBeNull();
  });

  it("goes at the feed's first frame when no player took it over, and only one player may", async () => {
    const { module } = await pageWithVideo();
    module.releasePageVideoUnlessTakenOver();
    expect(document.querySelector('[data-first-video]')).toBeNull();
    // Nothing left to take over: a later player is left alone.
    const { element } = player({ duration: 11, readyState: 1 });
    module.takeOverPageVideo(element);
    expect(element.currentTime).toBe(0);
  });
});
