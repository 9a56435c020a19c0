-- Access tokens stop working within seconds of the end of their session or a change of roles
-- (decision 023). Whatever ends a session (sign-out, a password change or reset, "end this session",
-- account deletion, any code path added later) or changes a user's roles writes a row here and tells
-- the `access_revoked` channel on commit; every API process keeps what it was told in memory and
-- reloads the last minutes of this table after a start or a lost listening connection.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE "access_revocations" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"user_id" uuid NOT NULL,
	"session_id" uuid,
	"user_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "access_revocations_one_kind" CHECK (("session_id" IS NULL) <> ("user_version" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "access_revocations_created_idx" ON "access_revocations" USING btree ("created_at");
--> statement-breakpoint
-- created_at is the moment of the change, not the start of its transaction (now()): a process that
-- reloads the last minutes after missing the notification must find a long transaction's revocation.
CREATE FUNCTION revoke_session_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO access_revocations (user_id, session_id, created_at)
    VALUES (OLD.user_id, OLD.id, clock_timestamp());
  PERFORM pg_notify('access_revoked', 's:' || OLD.id::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_revoked_notify AFTER UPDATE OF revoked_at ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
  EXECUTE FUNCTION revoke_session_tokens();
--> statement-breakpoint
CREATE TRIGGER sessions_deleted_notify AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL)
  EXECUTE FUNCTION revoke_session_tokens();
--> statement-breakpoint
CREATE FUNCTION revoke_user_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid;
  version integer;
BEGIN
  FOREACH affected IN ARRAY (CASE TG_OP
    WHEN 'INSERT' THEN ARRAY[NEW.user_id]
    WHEN 'DELETE' THEN ARRAY[OLD.user_id]
    ELSE ARRAY[OLD.user_id, NEW.user_id] END)
  LOOP
    -- A user row deleted by the same statement (a cascade) is gone: nothing of theirs is left to revoke.
    UPDATE users SET token_version = token_version + 1 WHERE id = affected
      RETURNING token_version INTO version;
    IF version IS NOT NULL THEN
      INSERT INTO access_revocations (user_id, user_version, created_at)
        VALUES (affected, version, clock_timestamp());
      PERFORM pg_notify('access_revoked', 'u:' || affected::text || ':' || version::text);
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER user_roles_changed_notify AFTER INSERT OR DELETE OR UPDATE ON user_roles
  FOR EACH ROW EXECUTE FUNCTION revoke_user_tokens();
