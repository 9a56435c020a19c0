/**
 * The weekly digest (docs/product.md §7 send-weekly-digest, §8 admin tools):
 * - `POST /api/admin/digest/test` (admin) → digestTestResultSchema: this week's digest, to the admin only;
 * - `GET /api/account/digest` → digestPreferenceSchema; `PUT /api/account/digest` with
 *   digestPreferenceSchema → digestPreferenceSchema;
 * - `GET|POST /api/digest/unsubscribe?token=` — the one-click link in every digest (RFC 8058), no sign-in.
 */
import { z } from 'zod';

export const digestTestResultSchema = z.object({ message: z.string() });
export type DigestTestResult = z.infer<typeof digestTestResultSchema>;

export const digestPreferenceSchema = z.object({
  subscribed: z.boolean({ error: 'Say whether you want the weekly digest' }),
});
export type DigestPreference = z.infer<typeof digestPreferenceSchema>;

export const DIGEST_MESSAGES = {
  testSent: 'Test digest sent! Check your inbox.',
  testFailed: 'Error sending test digest',
  subscribed: 'You will get the weekly digest.',
  unsubscribed: 'You will no longer get the weekly digest.',
  preferenceFailed: 'Error saving your digest preference',
  invalidLink:
    'This unsubscribe link is not valid. You can turn the digest off on your account page.',
} as const;
