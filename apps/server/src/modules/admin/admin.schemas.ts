import { errorResponseSchema } from '@adreel/domain';
import { z } from 'zod';

/** What every admin route may answer besides success: signed out, or not an admin. */
export const adminErrors = {
  401: errorResponseSchema.describe('Not signed in'),
  403: errorResponseSchema.describe('Signed in, but not an admin'),
};

export const idParams = z.object({ id: z.uuid({ error: 'Invalid id' }) });
