CREATE TABLE "access_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	CONSTRAINT "access_requests_email_unique" UNIQUE("email"),
	CONSTRAINT "access_requests_name_length" CHECK (char_length("access_requests"."name") between 1 and 100),
	CONSTRAINT "access_requests_email_lower_case" CHECK ("access_requests"."email" = lower("access_requests"."email")),
	CONSTRAINT "access_requests_email_length" CHECK (char_length("access_requests"."email") between 3 and 255),
	CONSTRAINT "access_requests_role_known" CHECK ("access_requests"."role" in ('creator', 'brand', 'viewer')),
	CONSTRAINT "access_requests_notes_length" CHECK (char_length("access_requests"."notes") <= 1000),
	CONSTRAINT "access_requests_status_known" CHECK ("access_requests"."status" in ('pending', 'approved', 'declined')),
	CONSTRAINT "access_requests_decided_consistent" CHECK (("access_requests"."status" = 'pending') = ("access_requests"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "invites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"role" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"used_by_user_id" uuid,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	CONSTRAINT "invites_code_unique" UNIQUE("code"),
	CONSTRAINT "invites_code_format" CHECK ("invites"."code" ~ '^[A-Z0-9]{8}$'),
	CONSTRAINT "invites_role_known" CHECK ("invites"."role" in ('admin', 'brand', 'creator', 'viewer')),
	CONSTRAINT "invites_used_consistent" CHECK ("invites"."is_used" = ("invites"."used_at" is not null) and ("invites"."used_by_user_id" is null or "invites"."is_used"))
);
--> statement-breakpoint
CREATE TABLE "whitelist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"role_allowed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "whitelist_email_unique" UNIQUE("email"),
	CONSTRAINT "whitelist_email_lower_case" CHECK ("whitelist"."email" = lower("whitelist"."email")),
	CONSTRAINT "whitelist_email_length" CHECK (char_length("whitelist"."email") between 3 and 255),
	CONSTRAINT "whitelist_role_known" CHECK ("whitelist"."role_allowed" in ('admin', 'brand', 'creator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_role" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_log_actor_role_known" CHECK ("audit_log"."actor_role" is null or "audit_log"."actor_role" in ('admin', 'brand', 'creator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "email_tokens_purpose_known" CHECK ("email_tokens"."purpose" in ('verify_email', 'reset_password'))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_pk" PRIMARY KEY("key","window_start"),
	CONSTRAINT "rate_limit_counters_count_non_negative" CHECK ("rate_limit_counters"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"parent_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"user_agent" text,
	"ip" text,
	"aal" text DEFAULT 'aal1' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_aal_known" CHECK ("sessions"."aal" in ('aal1', 'aal2'))
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"budget_total_cents" bigint NOT NULL,
	"payout_per_video_cents" bigint NOT NULL,
	"deadline" date,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaigns_title_length" CHECK (char_length("campaigns"."title") between 1 and 200),
	CONSTRAINT "campaigns_budget_non_negative" CHECK ("campaigns"."budget_total_cents" >= 0),
	CONSTRAINT "campaigns_payout_within_budget" CHECK ("campaigns"."payout_per_video_cents" >= 0 and "campaigns"."payout_per_video_cents" <= "campaigns"."budget_total_cents"),
	CONSTRAINT "campaigns_status_known" CHECK ("campaigns"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"creator_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"status" text DEFAULT 'submitted' NOT NULL,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "submissions_video_id_unique" UNIQUE("video_id"),
	CONSTRAINT "submissions_status_known" CHECK ("submissions"."status" in ('submitted', 'approved_by_brand', 'rejected_by_brand', 'rejected_by_admin')),
	CONSTRAINT "submissions_decided_consistent" CHECK (("submissions"."status" = 'submitted') = ("submissions"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"video_id" uuid,
	"brand_id" uuid NOT NULL,
	"creator_id" uuid,
	"amount_cents" bigint NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "transactions_video_type_unique" UNIQUE("video_id","type"),
	CONSTRAINT "transactions_amount_non_negative" CHECK ("transactions"."amount_cents" >= 0),
	CONSTRAINT "transactions_type_known" CHECK ("transactions"."type" in ('booking')),
	CONSTRAINT "transactions_status_known" CHECK ("transactions"."status" in ('recorded', 'paid')),
	CONSTRAINT "transactions_paid_consistent" CHECK (("transactions"."status" = 'paid') = ("transactions"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_pk" PRIMARY KEY("user_id","video_id")
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "reports_reason_length" CHECK (char_length(btrim("reports"."reason")) >= 1 and char_length("reports"."reason") <= 500),
	CONSTRAINT "reports_status_known" CHECK ("reports"."status" in ('open', 'dismissed', 'actioned')),
	CONSTRAINT "reports_resolved_consistent" CHECK (("reports"."status" = 'open') = ("reports"."resolved_at" is null))
);
--> statement-breakpoint
CREATE TABLE "shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"video_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" uuid NOT NULL,
	"viewer_key" text NOT NULL,
	"user_id" uuid,
	"ip" text,
	"furthest_fraction" real DEFAULT 0 NOT NULL,
	"counted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "view_events_furthest_fraction" CHECK ("view_events"."furthest_fraction" between 0 and 1)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "mail_outbox_attempts_non_negative" CHECK ("mail_outbox"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mfa_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"factor_id" uuid NOT NULL,
	"webauthn_challenge" text,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mfa_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"factor_type" text NOT NULL,
	"friendly_name" text,
	"verified_at" timestamp with time zone,
	"totp_secret" text,
	"phone" text,
	"webauthn_credential_id" text,
	"webauthn_public_key" text,
	"webauthn_sign_count" bigint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_factors_webauthn_credential_id_unique" UNIQUE("webauthn_credential_id"),
	CONSTRAINT "mfa_factors_user_friendly_name_unique" UNIQUE("user_id","friendly_name"),
	CONSTRAINT "mfa_factors_type_known" CHECK ("mfa_factors"."factor_type" in ('phone', 'totp', 'webauthn')),
	CONSTRAINT "mfa_factors_totp_has_secret" CHECK ("mfa_factors"."factor_type" <> 'totp' or "mfa_factors"."totp_secret" is not null),
	CONSTRAINT "mfa_factors_phone_has_number" CHECK ("mfa_factors"."factor_type" <> 'phone' or "mfa_factors"."phone" is not null),
	CONSTRAINT "mfa_factors_verified_webauthn_has_key" CHECK ("mfa_factors"."factor_type" <> 'webauthn' or "mfa_factors"."verified_at" is null or ("mfa_factors"."webauthn_credential_id" is not null and "mfa_factors"."webauthn_public_key" is not null))
);
--> statement-breakpoint
CREATE TABLE "mfa_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mfa_recovery_codes_user_code_unique" UNIQUE("user_id","code_hash")
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"photo_url" text,
	CONSTRAINT "profiles_username_length" CHECK (char_length("profiles"."username") between 3 and 50),
	CONSTRAINT "profiles_display_name_length" CHECK (char_length("profiles"."display_name") between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_known" CHECK ("user_roles"."role" in ('admin', 'brand', 'creator', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text,
	"requested_role" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "users_email_unique" UNIQUE("email"),
	CONSTRAINT "users_email_lower_case" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_email_length" CHECK (char_length("users"."email") between 3 and 255),
	CONSTRAINT "users_requested_role_known" CHECK ("users"."requested_role" is null or "users"."requested_role" in ('creator', 'brand', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "videos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"creator_id" uuid NOT NULL,
	"campaign_id" uuid,
	"file_url" text,
	"thumb_url" text,
	"duration_sec" real,
	"status" text DEFAULT 'processing' NOT NULL,
	"failure_reason" text,
	"title" text NOT NULL,
	"caption" text,
	"cta_url" text,
	"cta_text" text,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"shares" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"vt50_count" integer DEFAULT 0 NOT NULL,
	"vt90_count" integer DEFAULT 0 NOT NULL,
	"watch_time_avg" real DEFAULT 0 NOT NULL,
	"score" double precision DEFAULT 0 NOT NULL,
	"decayed_score" double precision DEFAULT 0 NOT NULL,
	"featured" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "videos_status_known" CHECK ("videos"."status" in ('processing', 'failed', 'pending', 'approved', 'rejected')),
	CONSTRAINT "videos_duration_range" CHECK ("videos"."duration_sec" is null or ("videos"."duration_sec" > 0 and "videos"."duration_sec" <= 30)),
	CONSTRAINT "videos_title_length" CHECK (char_length("videos"."title") between 1 and 200),
	CONSTRAINT "videos_caption_length" CHECK (char_length("videos"."caption") <= 500),
	CONSTRAINT "videos_cta_url_http" CHECK ("videos"."cta_url" is null or "videos"."cta_url" ~* '^https?://'),
	CONSTRAINT "videos_counters_non_negative" CHECK ("videos"."views" >= 0 and "videos"."likes" >= 0 and "videos"."shares" >= 0 and "videos"."clicks" >= 0 and "videos"."vt50_count" >= 0 and "videos"."vt90_count" >= 0),
	CONSTRAINT "videos_watch_time_avg_fraction" CHECK ("videos"."watch_time_avg" between 0 and 1),
	CONSTRAINT "videos_file_after_processing" CHECK ("videos"."status" in ('processing', 'failed') or "videos"."file_url" is not null),
	CONSTRAINT "videos_approved_published" CHECK ("videos"."status" <> 'approved' or "videos"."published_at" is not null),
	CONSTRAINT "videos_featured_approved" CHECK (not "videos"."featured" or "videos"."status" = 'approved')
);
--> statement-breakpoint
ALTER TABLE "access_requests" ADD CONSTRAINT "access_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_used_by_user_id_users_id_fk" FOREIGN KEY ("used_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invites" ADD CONSTRAINT "invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_parent_id_refresh_tokens_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."refresh_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "submissions" ADD CONSTRAINT "submissions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_brand_id_users_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shares" ADD CONSTRAINT "shares_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_events" ADD CONSTRAINT "view_events_video_id_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "view_events" ADD CONSTRAINT "view_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_mfa_factors_id_fk" FOREIGN KEY ("factor_id") REFERENCES "public"."mfa_factors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mfa_recovery_codes" ADD CONSTRAINT "mfa_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invites_created_at_idx" ON "invites" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "email_tokens_user_idx" ON "email_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "refresh_tokens_session_idx" ON "refresh_tokens" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "campaigns_status_created_idx" ON "campaigns" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "campaigns_brand_idx" ON "campaigns" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "submissions_campaign_idx" ON "submissions" USING btree ("campaign_id","created_at");--> statement-breakpoint
CREATE INDEX "submissions_creator_idx" ON "submissions" USING btree ("creator_id");--> statement-breakpoint
CREATE INDEX "transactions_campaign_idx" ON "transactions" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "transactions_brand_idx" ON "transactions" USING btree ("brand_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_creator_idx" ON "transactions" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "likes_video_idx" ON "likes" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "reports_status_created_idx" ON "reports" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "shares_video_idx" ON "shares" USING btree ("video_id");--> statement-breakpoint
CREATE INDEX "view_events_viewer_idx" ON "view_events" USING btree ("video_id","viewer_key","created_at");--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "mfa_challenges_factor_idx" ON "mfa_challenges" USING btree ("factor_id");--> statement-breakpoint
CREATE INDEX "mfa_factors_user_idx" ON "mfa_factors" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_unique" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "videos_feed_idx" ON "videos" USING btree ("featured","decayed_score","published_at","id") WHERE "videos"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "videos_published_idx" ON "videos" USING btree ("published_at") WHERE "videos"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "videos_creator_idx" ON "videos" USING btree ("creator_id","created_at");--> statement-breakpoint
CREATE INDEX "videos_campaign_idx" ON "videos" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "videos_status_created_idx" ON "videos" USING btree ("status","created_at");