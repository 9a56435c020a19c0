/** Every request of the matrix, by route. */
import type { Build } from './probe';
import { ACCOUNT_PROBES } from './probes-account';
import { BRAND_ADMIN_PROBES } from './probes-brand-admin';
import { CONTENT_PROBES } from './probes-content';

export type { Probe } from './probe';

export const PROBES: Record<string, Build> = {
  ...CONTENT_PROBES,
  ...ACCOUNT_PROBES,
  ...BRAND_ADMIN_PROBES,
};
