/**
 * Response shapes of the HTTP API, shared by the server (route schemas, OpenAPI) and the web app.
 */
import { z } from 'zod';

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    /** The request's id (also its x-request-id header), for a user to quote to support. */
    requestId: z.string().optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const betaProgressSchema = z.object({
  count: z.number().int().nonnegative(),
  target: z.number().int().positive(),
});
export type BetaProgress = z.infer<typeof betaProgressSchema>;

export const healthSchema = z.object({ status: z.literal('ok') });
export const readinessSchema = z.object({ status: z.enum(['ready', 'unavailable']) });
