/**
 * Who may read what in the admin module's own tools (decision 029). Invites, the whitelist and
 * access requests are the access module's (access.policy.ts); these are the outbox's.
 */
import { type Actor, inArea } from '../../platform/policy';

/** The outbox (who was mailed what, and when): admins only. */
export function mayReadOutbox(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}

/**
 * A mail's body is shown to an admin only when it carries no link or code meant for its recipient
 * alone, or when this server shows them (outboxShowsSecrets: embedded defaults without SMTP outside
 * production; decision 024).
 */
export function mayReadMailBody(mail: { carriesSecret: boolean }, secretsShown: boolean): boolean {
  return !mail.carriesSecret || secretsShown;
}
