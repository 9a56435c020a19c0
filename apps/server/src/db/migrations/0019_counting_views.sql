-- Issue 16 (decision 030): count only what a feed served, keep the rest apart.
-- Impression tokens' uses: a token past its allowance is a replay. Rows go once expired (scheduler).
CREATE TABLE "impression_uses" (
	"token" bytea PRIMARY KEY NOT NULL,
	"uses" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "impression_uses_expires_idx" ON "impression_uses" USING btree ("expires_at");
--> statement-breakpoint
-- Every event that was not counted, with why (auditable; viewer and address as keyed hashes).
CREATE TABLE "filtered_traffic" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"metric" text NOT NULL,
	"reason" text NOT NULL,
	"events" integer NOT NULL,
	"viewer_hash" text NOT NULL,
	"ip_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "filtered_traffic_metric_known" CHECK ("filtered_traffic"."metric" in ('views', 'clicks', 'events')),
	CONSTRAINT "filtered_traffic_reason_known" CHECK ("filtered_traffic"."reason" in ('bot_user_agent', 'missing_token', 'invalid_token', 'token_overused', 'impossible_timing', 'ip_cap', 'viewer_cap')),
	CONSTRAINT "filtered_traffic_events_positive" CHECK ("filtered_traffic"."events" > 0)
);
--> statement-breakpoint
ALTER TABLE "filtered_traffic" ADD CONSTRAINT "filtered_traffic_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "filtered_traffic_video_idx" ON "filtered_traffic" USING btree ("video_id","created_at");
--> statement-breakpoint
-- The per-address cap looks up a video's windows by address.
CREATE INDEX "view_events_ip_idx" ON "view_events" USING btree ("video_id","ip");
--> statement-breakpoint
-- One counted share per user and video (SPEC.md §3 shares: user_id, video_id). Repeats logged so far
-- go, and each video's counter drops by its repeats.
WITH ranked AS (
	SELECT "id", "video_id",
		row_number() OVER (PARTITION BY "user_id", "video_id" ORDER BY "created_at", "id") AS n
	FROM "shares"
), dropped AS (
	DELETE FROM "shares" s USING ranked r WHERE s."id" = r."id" AND r.n > 1 RETURNING s."video_id"
)
UPDATE "videos" v SET "shares" = greatest(v."shares" - d.repeats, 0)
FROM (SELECT "video_id", count(*)::int AS repeats FROM dropped GROUP BY "video_id") d
WHERE v."id" = d."video_id";
--> statement-breakpoint
CREATE UNIQUE INDEX "shares_user_video_once" ON "shares" USING btree ("user_id","video_id");
