-- Issue 20: a video's rendition ladder (360p, 540p and its 720p rendition: URL, size, measured bit
-- rate), lowest first, written by the ladder job once the lower rungs are stored. Null until then
-- (every existing row: the backfill job makes theirs).
ALTER TABLE "videos" ADD COLUMN "renditions" jsonb;
