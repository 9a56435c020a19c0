/**
 * A rejected video's media must not be reachable by its URL (decision 011). Rejection deletes the
 * files and clears the row's URLs, so serving media never has to ask the database: the feed's many
 * media requests stay plain reads of storage (or hits of a CDN in front of it). If deleting fails
 * (storage down), the row keeps its URLs and the hourly maintenance tries again.
 */
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videos } from '../../db/schema';
import { keyFromUrl } from '../../platform/storage/keys';
import type { Storage } from '../../platform/storage/storage';
import { videoMediaDir } from './process-video.job';

/** Deletes the media of rejected videos (one, or all still holding URLs); returns how many. */
export async function purgeRejectedMedia(
  db: Database,
  storage: Storage,
  videoId?: string,
): Promise<number> {
  const rows = await db
    .select({ id: videos.id, fileUrl: videos.fileUrl, thumbUrl: videos.thumbUrl })
    .from(videos)
    .where(
      and(
        eq(videos.status, 'rejected'),
        or(isNotNull(videos.fileUrl), isNotNull(videos.thumbUrl)),
        videoId ? eq(videos.id, videoId) : sql`true`,
      ),
    )
    .limit(500);
  for (const row of rows) {
    // The URLs name the files, whatever layout made them (demo videos have fixed keys).
    for (const url of [row.fileUrl, row.thumbUrl]) {
      const key = keyFromUrl(url);
      if (key) await storage.remove(key);
    }
    await storage.removeAll(videoMediaDir(row.id));
    await db
      .update(videos)
      .set({ fileUrl: null, thumbUrl: null })
      .where(and(eq(videos.id, row.id), eq(videos.status, 'rejected')));
  }
  return rows.length;
}
