-- Issue 19 (decision 032): rollups maintained as events arrive, so the analytics of a video or a
-- brand read a few hundred small rows instead of scanning view_events.
-- Per video and UTC hour: counted views, completions (counted and reached 90 %), CTA clicks, the sum
-- of counted views' furthest fractions (average watch %), likes, shares and filtered views.
CREATE TABLE "video_hourly_stats" (
	"video_id" uuid NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"completions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"watch_sum" double precision DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"filtered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_hourly_stats_pk" PRIMARY KEY("video_id","hour")
);
--> statement-breakpoint
ALTER TABLE "video_hourly_stats" ADD CONSTRAINT "video_hourly_stats_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Filtered views are rare: their totals per video read only the hours that have some.
CREATE INDEX "video_hourly_stats_filtered_idx" ON "video_hourly_stats" USING btree ("video_id") WHERE "video_hourly_stats"."filtered" <> 0;
--> statement-breakpoint
-- Per video: counted views by the furthest whole second they reached (0..30).
CREATE TABLE "video_retention" (
	"video_id" uuid NOT NULL,
	"second" smallint NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "video_retention_pk" PRIMARY KEY("video_id","second"),
	CONSTRAINT "video_retention_second_range" CHECK ("video_retention"."second" between 0 and 30)
);
--> statement-breakpoint
ALTER TABLE "video_retention" ADD CONSTRAINT "video_retention_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- What was counted before this migration, from the rows themselves.
INSERT INTO "video_hourly_stats" ("video_id", "hour", "views", "completions", "watch_sum", "clicks", "likes", "shares", "filtered")
SELECT "video_id", "hour", sum("views")::int, sum("completions")::int, sum("watch_sum"), sum("clicks")::int,
	sum("likes")::int, sum("shares")::int, sum("filtered")::int
FROM (
	SELECT "video_id", date_trunc('hour', "counted_at", 'UTC') AS "hour", 1 AS "views",
		"reached_90"::int AS "completions", "furthest_fraction"::float8 AS "watch_sum", 0 AS "clicks",
		0 AS "likes", 0 AS "shares", 0 AS "filtered"
	FROM "view_events" WHERE "counted_at" IS NOT NULL
	UNION ALL
	SELECT "video_id", date_trunc('hour', "clicked_at", 'UTC'), 0, 0, 0, 1, 0, 0, 0
	FROM "view_events" WHERE "clicked_at" IS NOT NULL
	UNION ALL
	SELECT "video_id", date_trunc('hour', "created_at", 'UTC'), 0, 0, 0, 0, 1, 0, 0 FROM "likes"
	UNION ALL
	SELECT "video_id", date_trunc('hour', "created_at", 'UTC'), 0, 0, 0, 0, 0, 1, 0 FROM "shares"
	UNION ALL
	SELECT "video_id", date_trunc('hour', "created_at", 'UTC'), 0, 0, 0, 0, 0, 0, 1
	FROM "filtered_traffic" WHERE "metric" = 'views'
) t
GROUP BY "video_id", "hour";
--> statement-breakpoint
INSERT INTO "video_retention" ("video_id", "second", "views")
SELECT e."video_id", least(30, greatest(0, floor(e."furthest_fraction" * coalesce(v."duration_sec", 30))))::smallint,
	count(*)::int
FROM "view_events" e JOIN "videos" v ON v."id" = e."video_id"
WHERE e."counted_at" IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
-- Likes and shares are written by the engagement module (and removed by cascades): these triggers
-- keep their hourly counts with the rows, whoever writes them, and tell the `analytics` channel.
-- A removal only lowers an existing row (a cascade from a deleted video must not insert).
CREATE FUNCTION video_hourly_engagement() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	is_like boolean := TG_TABLE_NAME = 'likes';
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "video_hourly_stats" ("video_id", "hour", "likes", "shares")
		VALUES (NEW."video_id", date_trunc('hour', NEW."created_at", 'UTC'),
			CASE WHEN is_like THEN 1 ELSE 0 END, CASE WHEN is_like THEN 0 ELSE 1 END)
		ON CONFLICT ("video_id", "hour") DO UPDATE SET
			"likes" = "video_hourly_stats"."likes" + excluded."likes",
			"shares" = "video_hourly_stats"."shares" + excluded."shares";
		PERFORM pg_notify('analytics', NEW."video_id"::text);
	ELSE
		UPDATE "video_hourly_stats" SET
			"likes" = "likes" - CASE WHEN is_like THEN 1 ELSE 0 END,
			"shares" = "shares" - CASE WHEN is_like THEN 0 ELSE 1 END
		WHERE "video_id" = OLD."video_id" AND "hour" = date_trunc('hour', OLD."created_at", 'UTC');
		PERFORM pg_notify('analytics', OLD."video_id"::text);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER likes_hourly_stats AFTER INSERT OR DELETE ON likes DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION video_hourly_engagement();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER shares_hourly_stats AFTER INSERT OR DELETE ON shares DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION video_hourly_engagement();
