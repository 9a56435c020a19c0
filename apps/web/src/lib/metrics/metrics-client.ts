import { METRIC_BATCH_MAX, type MetricEvent } from '@adreel/domain';
import { getAccessToken } from '@/lib/api';
import { deviceId } from './device-id';

const ENDPOINT = '/api/metrics';
/** Events wait this long for company, so a scroll through the feed costs a few requests, not dozens. */
export const FLUSH_AFTER_MS = 2000;
export const FLUSH_AT_EVENTS = 10;

let queue: MetricEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
const collectors = new Set<() => MetricEvent | null>();

/** SPEC.md §8: metric failures are only logged, never shown. */
function warn(detail: unknown): void {
  console.warn('Metric tracking failed', detail);
}

function takeBatches(): MetricEvent[][] {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  const events = queue;
  queue = [];
  const batches: MetricEvent[][] = [];
  for (let i = 0; i < events.length; i += METRIC_BATCH_MAX) {
    batches.push(events.slice(i, i + METRIC_BATCH_MAX));
  }
  return batches;
}

function post(body: string, token: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // keepalive: a batch sent as the user follows a link away still arrives.
  return fetch(ENDPOINT, { method: 'POST', headers, body, keepalive: true });
}

async function send(events: MetricEvent[]): Promise<void> {
  const body = JSON.stringify({ deviceId: deviceId(), events });
  const token = getAccessToken();
  try {
    let response = await post(body, token);
    // An access token that expired while the tab slept: the device id still counts the view.
    if (response.status === 401 && token) response = await post(body, null);
    if (!response.ok) warn(`${response.status} ${response.statusText}`);
  } catch (error) {
    warn(error);
  }
}

/** Sends what is queued now, by fetch with the Bearer token when signed in. */
export function flushMetrics(): Promise<void> {
  return Promise.all(takeBatches().map(send)).then(() => undefined);
}

/** Queues one event; they leave together after 2 s, or at once when 10 are waiting. */
export function trackMetric(event: MetricEvent): void {
  queue.push(event);
  if (queue.length >= FLUSH_AT_EVENTS) void flushMetrics();
  else timer ??= setTimeout(() => void flushMetrics(), FLUSH_AFTER_MS);
}

/**
 * Registers something to ask for a last event when the page hides (a video's furthest fraction).
 * Returns the unregister function.
 */
export function onPageHide(collect: () => MetricEvent | null): () => void {
  collectors.add(collect);
  return () => collectors.delete(collect);
}

/**
 * The page is going away or into the background: collect the last events and send everything by
 * navigator.sendBeacon, which outlives the page but cannot carry a Bearer token, so the device id
 * in the body identifies the viewer.
 */
export function flushOnPageHide(): void {
  for (const collect of collectors) {
    const event = collect();
    if (event) queue.push(event);
  }
  const batches = takeBatches();
  for (const events of batches) {
    const body = JSON.stringify({ deviceId: deviceId(), events });
    const sent =
      typeof navigator.sendBeacon === 'function' &&
      navigator.sendBeacon(ENDPOINT, new Blob([body], { type: 'application/json' }));
    if (!sent) void send(events);
  }
}

let listening = false;

/** Installs the page-hide flush once per page. */
export function listenForPageHide(): void {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushOnPageHide();
  });
  window.addEventListener('pagehide', flushOnPageHide);
}
