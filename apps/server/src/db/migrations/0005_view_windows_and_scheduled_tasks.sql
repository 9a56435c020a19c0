CREATE TABLE "scheduled_tasks" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_error" text,
	"runs" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "view_events" ADD COLUMN "reached_50" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "view_events" ADD COLUMN "reached_90" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "view_events" ADD COLUMN "clicked_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "reports" USING btree ("reporter_id","created_at");--> statement-breakpoint
CREATE INDEX "reports_video_idx" ON "reports" USING btree ("video_id");