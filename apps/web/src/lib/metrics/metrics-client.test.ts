import type { MetricEvent } from '@adreel/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '@/lib/api';
import { flushOnPageHide, onPageHide, trackMetric } from './metrics-client';

const videoId = '00000000-0000-4000-8000-000000000001';
const view: MetricEvent = { action: 'increment', videoId, metricType: 'views', increment: 1 };

function accepted() {
  return vi.fn(async () => new Response(JSON.stringify({ accepted: 1 }), { status: 202 }));
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  setAccessToken(null);
});

describe('metrics client', () => {
  it('sends events together after 2 s, with the device id and the Bearer token', async () => {
    const fetchMock = accepted();
    vi.stubGlobal('fetch', fetchMock);
    setAccessToken('token-1');
    trackMetric(view);
    trackMetric({ action: 'watch_time', videoId, watchPercentage: 0.5 });
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2000);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/metrics');
    expect(init.keepalive).toBe(true);
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-1');
    const body = JSON.parse(String(init.body));
    expect(body.events).toHaveLength(2);
    expect(body.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('adreel.deviceId')).toBe(body.deviceId);
  });

  it('sends at once when 10 are waiting', async () => {
    const fetchMock = accepted();
    vi.stubGlobal('fetch', fetchMock);
    for (let i = 0; i < 10; i += 1) trackMetric(view);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('only logs a failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    trackMetric(view);
    await vi.advanceTimersByTimeAsync(2000);
    expect(warn).toHaveBeenCalledWith('Metric tracking failed', expect.any(TypeError));
    warn.mockRestore();
  });

  it('sends what is left by beacon when the page hides, with the last progress', async () => {
    const fetchMock = accepted();
    vi.stubGlobal('fetch', fetchMock);
    const beacon = vi.fn((_url: string, _data: Blob) => true);
    Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
    try {
      const stop = onPageHide(() => ({ action: 'watch_progress', videoId, fraction: 0.42 }));
      trackMetric(view);
      flushOnPageHide();
      stop();
      expect(beacon).toHaveBeenCalledTimes(1);
      const [url, blob] = beacon.mock.calls[0] as [string, Blob];
      expect(url).toBe('/api/metrics');
      const body = JSON.parse(await blob.text());
      expect(body.events).toEqual([view, { action: 'watch_progress', videoId, fraction: 0.42 }]);
      expect(body.deviceId).toMatch(/^[0-9a-f-]{36}$/);
      await vi.advanceTimersByTimeAsync(2000);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      Reflect.deleteProperty(navigator, 'sendBeacon');
    }
  });
});
