/**
 * A rejected video's media must not be reachable by its URL (decision 011). Rejection deletes the
 * files and clears the row's URLs, so serving media never has to ask the database: the feed's many
 * media requests stay plain reads of storage (or hits of a CDN in front of it). If deleting fails
 * (storage down), the row keeps its URLs and the hourly maintenance tries again.
 */
import type { Database } from '../../db/client';
import { keyFromUrl } from '../../platform/storage/keys';
import type { Storage } from '../../platform/storage/storage';
import { clearRejectedMedia, listRejectedWithMedia } from './lifecycle.queries';
import { videoMediaDir } from './process-video.job';

/** Deletes the media of rejected videos (one, or all still holding URLs); returns how many. */
export async function purgeRejectedMedia(
  db: Database,
  storage: Storage,
  videoId?: string,
): Promise<number> {
  const rows = await listRejectedWithMedia(db, videoId);
  for (const row of rows) {
    // The URLs name the files, whatever layout made them (demo videos have fixed keys).
    for (const url of [row.fileUrl, row.thumbUrl]) {
      const key = keyFromUrl(url);
      if (key) await storage.remove(key);
    }
    await storage.removeAll(videoMediaDir(row.id));
    await clearRejectedMedia(db, row.id);
  }
  return rows.length;
}
