CREATE TABLE "identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "identities_provider_subject_unique" UNIQUE("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "oidc_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"provider_code_verifier" text NOT NULL,
	"code_challenge" text NOT NULL,
	"redirect_to" text NOT NULL,
	"invite_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"callback_at" timestamp with time zone,
	"user_id" uuid,
	"auth_code_hash" text,
	"exchanged_at" timestamp with time zone,
	CONSTRAINT "oidc_flows_state_hash_unique" UNIQUE("state_hash"),
	CONSTRAINT "oidc_flows_auth_code_hash_unique" UNIQUE("auth_code_hash"),
	CONSTRAINT "oidc_flows_code_has_user" CHECK ("oidc_flows"."auth_code_hash" is null or "oidc_flows"."user_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "mfa_challenges" DROP CONSTRAINT "mfa_challenges_purpose_known";--> statement-breakpoint
ALTER TABLE "mfa_challenges" DROP CONSTRAINT "mfa_challenges_factor_given";--> statement-breakpoint
ALTER TABLE "mfa_challenges" DROP CONSTRAINT "mfa_challenges_webauthn_has_challenge";--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "code_hash" text;--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_flows" ADD CONSTRAINT "oidc_flows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identities_user_idx" ON "identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "oidc_flows_expires_idx" ON "oidc_flows" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_phone_has_code" CHECK ("mfa_challenges"."purpose" <> 'phone' or "mfa_challenges"."code_hash" is not null);--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_purpose_known" CHECK ("mfa_challenges"."purpose" in ('totp', 'webauthn_registration', 'webauthn_authentication', 'passkey', 'phone'));--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_given" CHECK ("mfa_challenges"."purpose" not in ('totp', 'webauthn_registration', 'phone') or "mfa_challenges"."factor_id" is not null);--> statement-breakpoint
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_webauthn_has_challenge" CHECK ("mfa_challenges"."purpose" in ('totp', 'phone') or "mfa_challenges"."webauthn_challenge" is not null);