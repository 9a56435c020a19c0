/**
 * Reads a track-video-metric request (SPEC.md §7), one event or a batch, into events and a device
 * id. Parsed by hand rather than as one zod union so that a bad event is answered with what is
 * wrong with it ('Unknown metric type'), not with a union's 'Invalid input'.
 */
import {
  deviceIdSchema,
  METRIC_BATCH_MAX,
  type MetricEvent,
  metricEventSchema,
  REQUEST_MESSAGES,
} from '@adreel/domain';
import { badRequest } from '../../platform/errors';

export interface MetricRequestBody {
  events: MetricEvent[];
  deviceId: string | null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseEvent(value: unknown, label: string): MetricEvent {
  const result = metricEventSchema.safeParse(value);
  if (result.success) return result.data;
  const message = result.error.issues[0]?.message || 'Invalid metric event';
  throw badRequest(`${label}${message}`, 'invalid_metric');
}

export function parseMetricRequest(body: unknown): MetricRequestBody {
  if (!isRecord(body)) throw badRequest('A metric event must be a JSON object', 'invalid_metric');
  let deviceId: string | null = null;
  if (body.deviceId !== undefined && body.deviceId !== null) {
    const parsed = deviceIdSchema.safeParse(body.deviceId);
    if (!parsed.success) throw badRequest(REQUEST_MESSAGES.invalidDeviceId, 'invalid_device_id');
    deviceId = parsed.data;
  }
  if (!('events' in body)) return { events: [parseEvent(body, '')], deviceId };
  const { events } = body;
  if (!Array.isArray(events) || events.length === 0)
    throw badRequest('A batch needs at least one event', 'invalid_metric');
  if (events.length > METRIC_BATCH_MAX)
    throw badRequest(`A batch holds at most ${METRIC_BATCH_MAX} events`, 'invalid_metric');
  return {
    events: events.map((event, index) => parseEvent(event, `Event ${index + 1}: `)),
    deviceId,
  };
}
