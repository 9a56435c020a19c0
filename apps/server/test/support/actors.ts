/** Every kind of caller a policy is asked about (decision 029): signed out, and one of each role. */
import type { Actor } from '../../src/platform/policy';

export const ACTORS = {
  'signed out': null,
  viewer: { userId: 'viewer-1', roles: ['viewer'] },
  creator: { userId: 'creator-1', roles: ['creator'] },
  brand: { userId: 'brand-1', roles: ['brand'] },
  admin: { userId: 'admin-1', roles: ['admin'] },
} as const satisfies Record<string, Actor | null>;

export type Who = keyof typeof ACTORS;
export const EVERYONE = Object.keys(ACTORS) as Who[];

/** For it.each: each caller, and whether `allowed` lists it. */
export function expectations(allowed: readonly Who[]): Array<[Who, boolean]> {
  return EVERYONE.map((who) => [who, allowed.includes(who)]);
}
