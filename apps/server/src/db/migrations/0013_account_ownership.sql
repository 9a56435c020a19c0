ALTER TABLE "email_tokens" ADD COLUMN "binding_hash" text;
