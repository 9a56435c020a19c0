/**
 * What every module's `*.policy.ts` builds on (decision 029). A policy is a named function of the
 * caller and, where a row decides, the row: `mayModerateVideos(actor)`, `mayResumeUpload(actor,
 * upload)`. The module's service calls `authorize(policy(...))` at the top of each method
 * (Immich's requireAccess), so a rule holds for every caller of the service, not only for the route
 * that happens to guard it. Routes still say who may call (`allow.roles(AREA_ROLES.x)`): that
 * answers 401/403 before the body is read; the policy is the rule itself, tested for every role.
 */
import { AREA_ROLES, type Area, hasAnyRole, type Role } from '@adreel/domain';
import { type AppError, forbidden } from './errors';

/** Who is asking: the signed-in caller, or null when nobody is. */
export interface Actor {
  userId: string;
  roles: readonly Role[];
}

/** Whether the caller may enter `area` (SPEC.md §6: creator, brand and admin areas). */
export function inArea(actor: Actor | null, area: Area): boolean {
  return actor !== null && hasAnyRole(actor.roles, AREA_ROLES[area]);
}

/** Throws `refusal` (403 unless given) when a policy says no. */
export function authorize(
  allowed: boolean,
  refusal: () => AppError = () => forbidden(),
): asserts allowed {
  if (!allowed) throw refusal();
}
