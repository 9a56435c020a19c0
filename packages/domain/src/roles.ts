/** Roles and their precedence (docs/product.md §6): admin, then brand, then creator, then viewer. */
export const ROLES = ['admin', 'brand', 'creator', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a person may ask for on the sign-up and join forms. */
export const REQUESTABLE_ROLES = ['creator', 'brand', 'viewer'] as const;
export type RequestableRole = (typeof REQUESTABLE_ROLES)[number];

/** The one role that decides what a user sees, from all the roles they hold. */
export function primaryRole(roles: readonly Role[]): Role {
  return ROLES.find((role) => roles.includes(role)) ?? 'viewer';
}

export function hasAnyRole(roles: readonly Role[], allowed: readonly Role[]): boolean {
  return roles.some((role) => allowed.includes(role));
}

/** Who may enter each guarded area (docs/product.md §2, §6). */
export const AREA_ROLES = {
  creator: ['creator', 'admin'],
  brand: ['brand', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;
export type Area = keyof typeof AREA_ROLES;

/** Where a user lands after signing in (docs/product.md §2 Auth). */
export function homePathFor(roles: readonly Role[]): string {
  switch (primaryRole(roles)) {
    case 'admin':
      return '/admin';
    case 'brand':
      return '/brand/dashboard';
    case 'creator':
      return '/creator/home';
    default:
      return '/feed';
  }
}
