/**
 * What happens when an upload is complete: the file is checked (SPEC.md §5 "Upload file"), then the
 * video, its submission and its processing job are written in one transaction.
 */
import { stat } from 'node:fs/promises';
import {
  UPLOAD_BUDGET_MESSAGES,
  UPLOAD_MESSAGES,
  type UploadMetadata,
  VIDEO_AUDIO_PADDING_SECONDS,
  VIDEO_MAX_BYTES,
  VIDEO_MAX_PROCESSING,
  VIDEO_MAX_SECONDS,
  VIDEO_MIME_TYPES,
  type Video,
} from '@adreel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from '../../db/schema/jobs';
import { enqueueJob } from '../../platform/jobs/queue';
import { type BudgetRefusal, decodingBudgetRefusal } from '../../platform/media/decoding-budget';
import { probe, sniffVideo } from '../../platform/media/ffmpeg';
import { enterCampaign, holdOpenCampaign } from '../campaigns/entries.service';
import { insertUploadedVideo } from './lifecycle.queries';
import { countProcessingVideos, findVideo } from './videos.queries';

export const INVALID_TYPE_MESSAGE = UPLOAD_MESSAGES.badType;
export const VIDEO_MAX_BYTES_MESSAGE = UPLOAD_MESSAGES.tooBig;
export const NO_DURATION_MESSAGE = UPLOAD_MESSAGES.noDuration;
export const TOO_LONG_MESSAGE = UPLOAD_MESSAGES.tooLong;
export const CAMPAIGN_CLOSED_MESSAGE = 'This campaign is not open for submissions';

/** The error code of each decoding-budget refusal (422, decision 037). */
const BUDGET_CODES: Record<BudgetRefusal, string> = {
  resolution: 'video_resolution_too_high',
  frameRate: 'video_frame_rate_too_high',
  pixelRate: 'video_too_demanding',
};

/** The creator has VIDEO_MAX_PROCESSING videos processing: a 429, until one of them is ready. */
export const tooManyProcessing = () =>
  new UploadRefused(429, 'too_many_processing', UPLOAD_BUDGET_MESSAGES.tooManyProcessing);

/** Refuses a new upload of `creatorId` while VIDEO_MAX_PROCESSING of theirs are processing. */
export async function checkProcessingRoom(db: Database, creatorId: string): Promise<void> {
  if ((await countProcessingVideos(db, creatorId)) >= VIDEO_MAX_PROCESSING) {
    throw tooManyProcessing();
  }
}

export const PROCESS_VIDEO_QUEUE = 'video.process';

export interface ProcessVideoPayload {
  videoId: string;
  uploadId: string;
  /** The creator (enqueueJob's ownerId, decision 037); absent on jobs enqueued before it. */
  ownerId?: string;
  [key: string]: unknown;
}

/** A file or request the creator must change; the status and message go to the client as they are. */
export class UploadRefused extends Error {
  override name = 'UploadRefused';
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The upload already has its video (a second finish of the same upload). */
export class UploadAlreadyRegistered extends Error {
  override name = 'UploadAlreadyRegistered';
}

export interface CheckedFile {
  mime: string;
  durationSec: number;
}

/** Timestamps are whole ticks of a stream's time base: a video ending "at 30 s" may say 30.0004. */
const TICK_SEC = 0.001;

/**
 * SPEC.md §5's checks in its order: type (by content), size, a video stream with a duration, ≤ 30 s;
 * then the decoding budget (decision 037): within 4K, 120 fps, and 4K's pixels at 60 fps a second.
 * The file is read only as the container it was sniffed as (decision 027), and its length is what
 * its packets run, not what its header claims.
 */
export async function checkVideoFile(file: string): Promise<CheckedFile> {
  const type = await sniffVideo(file);
  if (!type || !(VIDEO_MIME_TYPES as readonly string[]).includes(type.mime)) {
    throw new UploadRefused(415, 'invalid_file_type', INVALID_TYPE_MESSAGE);
  }
  const { size } = await stat(file);
  if (size > VIDEO_MAX_BYTES)
    throw new UploadRefused(413, 'file_too_large', VIDEO_MAX_BYTES_MESSAGE);
  const probed = await probe(file, type.container);
  if (!probed.hasVideo || probed.durationSec === null || probed.videoSec === null) {
    throw new UploadRefused(422, 'invalid_video', NO_DURATION_MESSAGE);
  }
  if (
    probed.videoSec > VIDEO_MAX_SECONDS + TICK_SEC ||
    (probed.audioSec ?? 0) > VIDEO_MAX_SECONDS + VIDEO_AUDIO_PADDING_SECONDS
  ) {
    throw new UploadRefused(422, 'video_too_long', TOO_LONG_MESSAGE);
  }
  const refusal = decodingBudgetRefusal(probed);
  if (refusal) {
    throw new UploadRefused(422, BUDGET_CODES[refusal], UPLOAD_BUDGET_MESSAGES[refusal]);
  }
  return { mime: type.mime, durationSec: Math.min(probed.durationSec, VIDEO_MAX_SECONDS) };
}

export interface UploadedVideoInput {
  file: string;
  uploadId: string;
  creatorId: string;
  metadata: UploadMetadata;
}

export async function createUploadedVideo(db: Database, input: UploadedVideoInput): Promise<Video> {
  const checked = await checkVideoFile(input.file);
  const { metadata } = input;
  const videoId = await db.transaction(async (tx) => {
    // One video per upload, whoever registers it (the finishing request, or the recovery of an
    // upload whose process died before it could): serialised on the upload, then checked.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`adreel.upload:${input.uploadId}`}, 0))`,
    );
    const [registered] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          eq(jobs.queue, PROCESS_VIDEO_QUEUE),
          sql`${jobs.payload}->>'uploadId' = ${input.uploadId}`,
        ),
      );
    if (registered) throw new UploadAlreadyRegistered();
    // At most VIDEO_MAX_PROCESSING of the creator's videos processing: their uploads finishing at
    // once take turns here (the check at the upload's start lets through those started together).
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`adreel.processing-of:${input.creatorId}`}, 0))`,
    );
    await checkProcessingRoom(tx, input.creatorId);
    if (metadata.campaignId) {
      if (!(await holdOpenCampaign(tx, metadata.campaignId)))
        throw new UploadRefused(409, 'campaign_closed', CAMPAIGN_CLOSED_MESSAGE);
    }
    const videoId = await insertUploadedVideo(tx, {
      creatorId: input.creatorId,
      campaignId: metadata.campaignId ?? null,
      title: metadata.title,
      caption: metadata.caption || null,
      ctaText: metadata.ctaText || null,
      ctaUrl: metadata.ctaUrl ?? null,
      durationSec: Math.round(checked.durationSec * 100) / 100,
    });
    if (metadata.campaignId)
      await enterCampaign(tx, {
        campaignId: metadata.campaignId,
        creatorId: input.creatorId,
        videoId,
      });
    const payload: ProcessVideoPayload = { videoId, uploadId: input.uploadId };
    // The creator's job takes its fair turn among other creators' (decision 037).
    await enqueueJob(tx, PROCESS_VIDEO_QUEUE, payload, {
      maxAttempts: 3,
      ownerId: input.creatorId,
    });
    return videoId;
  });
  const video = await findVideo(db, videoId);
  if (!video) throw new Error('the new video is missing');
  return video;
}
