/**
 * Who may do what to which video (decision 029; SPEC.md §6). The videos service calls these at the
 * top of each method a person starts; the routes' `allow.roles` answers first with 401/403.
 */
import { type Actor, inArea } from '../../platform/policy';

/** The creator's area (My Videos, the dashboard tiles, Upload): creators, and admins (§6). */
export function mayUseCreatorArea(actor: Actor | null): boolean {
  return inArea(actor, 'creator');
}

/**
 * Sending bytes to, resuming or cancelling an upload: its owner only, an admin included (an
 * unfinished upload is private; another's answers "not found", so its id tells nothing).
 */
export function mayTouchUpload(
  actor: Actor | null,
  upload: { ownerId: string | null | undefined },
): boolean {
  return actor !== null && mayUseCreatorArea(actor) && upload.ownerId === actor.userId;
}

/** The review queue, approving, rejecting and featuring a video: admins only (§2 Admin Dashboard). */
export function mayModerateVideos(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}

/** Failed and stuck processing jobs, and their retry (issue 17 item 5): admins only. */
export function mayManageProcessingJobs(actor: Actor | null): boolean {
  return inArea(actor, 'admin');
}
