ALTER TABLE "mfa_challenges" ALTER COLUMN "factor_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "purpose" text NOT NULL;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "webauthn_transports" text[];--> statement-breakpoint
ALTER TABLE "mfa_factors" ADD COLUMN "totp_last_time_step" bigint;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_challenges_user_idx" ON "mfa_challenges" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "mfa_challenges_expires_idx" ON "mfa_challenges" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_purpose_known" CHECK ("mfa_challenges"."purpose" in ('totp', 'webauthn_registration', 'webauthn_authentication', 'passkey'));--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_given" CHECK ("mfa_challenges"."purpose" not in ('totp', 'webauthn_registration') or "mfa_challenges"."factor_id" is not null);--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_webauthn_has_challenge" CHECK ("mfa_challenges"."purpose" = 'totp' or "mfa_challenges"."webauthn_challenge" is not null);