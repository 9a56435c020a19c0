-- One open report per reporter and video (issue 13). Repeats filed before this are collapsed into
-- the reporter's oldest open report on that video: the newer duplicates go, the oldest stays.
DELETE FROM "reports" AS "newer" USING "reports" AS "older"
WHERE "newer"."status" = 'open' AND "older"."status" = 'open'
  AND "older"."video_id" = "newer"."video_id" AND "older"."reporter_id" = "newer"."reporter_id"
  AND ("older"."created_at", "older"."id") < ("newer"."created_at", "newer"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once" ON "reports" USING btree ("video_id","reporter_id") WHERE "reports"."status" = 'open';
