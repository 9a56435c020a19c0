/**
 * The answers every admin route shares (SPEC.md §6: admin only). Here, not in the admin module, so
 * that the modules whose admin routes admin.routes.ts mounts (audit, digest, admin-live, ranking,
 * reports) do not import the module that imports them.
 */
import { errorResponseSchema } from '@adreel/domain';
import { z } from 'zod';

/** What every admin route may answer besides success: signed out, or not an admin. */
export const adminErrors = {
  401: errorResponseSchema.describe('Not signed in'),
  403: errorResponseSchema.describe('Signed in, but not an admin'),
};

export const idParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
