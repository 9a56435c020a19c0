-- An access token says whether the account's address was proven when it was issued (decision 022:
-- an unproven session may only look after its own sign-in and data). The first proof raises the
-- token version, as a change of roles does (decision 023), so every token issued before it fails
-- within seconds and the client refreshes into one that says proven, whatever code path proved it.
CREATE FUNCTION revoke_tokens_on_first_proof() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.token_version := OLD.token_version + 1;
  INSERT INTO access_revocations (user_id, user_version, created_at)
    VALUES (NEW.id, NEW.token_version, clock_timestamp());
  PERFORM pg_notify('access_revoked', 'u:' || NEW.id::text || ':' || NEW.token_version::text);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_first_proof_notify BEFORE UPDATE OF email_verified_at ON users
  FOR EACH ROW WHEN (OLD.email_verified_at IS NULL AND NEW.email_verified_at IS NOT NULL)
  EXECUTE FUNCTION revoke_tokens_on_first_proof();
