-- Issue 14 item 8: how far a video's transcode is (0–100), reported by the processing job so My
-- Videos shows a percentage. Existing rows have none (null).
ALTER TABLE "videos" ADD COLUMN "processing_progress" smallint;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_processing_progress_percent" CHECK ("videos"."processing_progress" is null or "videos"."processing_progress" between 0 and 100);
