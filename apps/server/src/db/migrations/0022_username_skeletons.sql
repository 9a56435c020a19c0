-- Issue 25 item 8: handles that read alike. Each handle's Unicode TR 39 skeletons (as typed,
-- lower-cased, upper-cased; apps/server/src/modules/auth/auth.skeleton.ts), each held by one handle,
-- so two look-alikes cannot both be taken, however many sign-ups race (decision 039). The skeletons
-- need Unicode's confusables data, which SQL has not: the existing handles get theirs when the
-- server starts (backfillUsernameSkeletons, after the migrations), oldest account first. A handle
-- that already reads like an older one keeps its name and only the skeletons nobody holds.
CREATE TABLE "username_skeletons" (
	"skeleton" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "username_skeletons" ADD CONSTRAINT "username_skeletons_user_id_profiles_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "username_skeletons_user_idx" ON "username_skeletons" USING btree ("user_id");
