/**
 * The forms of docs/product.md §5 as zod schemas, with the product's exact messages. The web forms and the
 * server routes both import these, so a rule is written once.
 */
import { z } from 'zod';
import {
  CAPTION_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  INVITE_CODE_INPUT_MAX,
  INVITE_MAX_COUNT,
  INVITE_MAX_EXPIRY_DAYS,
  NAME_MAX,
  NOTES_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  REASON_MAX,
  TITLE_MAX,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants';
import { FEED_MESSAGES } from './feed-messages';
import { VALIDATION_MESSAGES } from './messages/validation';
import { REQUESTABLE_ROLES, ROLES } from './roles';
import { hasHiddenCharacters, normalizeUsername } from './usernames';

/** docs/product.md §5: every failure shows the first schema message, else this. */
export const FALLBACK_VALIDATION_MESSAGE = 'Invalid input';

export const emailSchema = z
  .string({ error: 'Invalid email address' })
  .trim()
  .max(EMAIL_MAX, { error: 'Email must be less than 255 characters' })
  .pipe(z.email({ error: 'Invalid email address' }));

const requestableRoleSchema = z.enum(REQUESTABLE_ROLES, { error: 'Invalid role' });

export const signInSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: VALIDATION_MESSAGES.passwordRequired })
    .min(1, { error: VALIDATION_MESSAGES.passwordRequired })
    .max(PASSWORD_MAX, { error: 'Password must be less than 128 characters' }),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const passwordSchema = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(PASSWORD_MIN, { error: 'Password must be at least 6 characters' })
  .max(PASSWORD_MAX, { error: 'Password must be less than 128 characters' });

/**
 * A handle wherever one is chosen (sign-up, the "choose a password" step): trimmed and NFKC-
 * normalised as stored, without invisible or text-direction characters, 3 to 50
 * characters. Whether it reads like a handle already held is the server's to say (409).
 */
export const usernameSchema = z
  .string({ error: VALIDATION_MESSAGES.usernameTooShort })
  .overwrite(normalizeUsername)
  .refine((value) => !hasHiddenCharacters(value), {
    error: VALIDATION_MESSAGES.usernameHiddenCharacters,
  })
  .min(USERNAME_MIN, { error: VALIDATION_MESSAGES.usernameTooShort })
  .max(USERNAME_MAX, { error: VALIDATION_MESSAGES.usernameTooLong });

export const signUpSchema = z.object({
  username: usernameSchema,
  displayName: z
    .string()
    .trim()
    .max(DISPLAY_NAME_MAX, { error: 'Display name must be less than 100 characters' })
    .optional(),
  email: emailSchema,
  password: passwordSchema,
  inviteCode: z
    .string()
    .trim()
    .toUpperCase()
    .max(INVITE_CODE_INPUT_MAX, { error: 'Invite code must be less than 50 characters' })
    .optional(),
  role: requestableRoleSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const accessRequestSchema = z.object({
  name: z
    .string({ error: VALIDATION_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.nameRequired })
    .max(NAME_MAX, { error: VALIDATION_MESSAGES.nameTooLong }),
  email: emailSchema,
  role: requestableRoleSchema,
  notes: z
    .string()
    .trim()
    .max(NOTES_MAX, { error: 'Notes must be less than 1000 characters' })
    .optional(),
});
export type AccessRequestInput = z.infer<typeof accessRequestSchema>;

export const uploadDetailsSchema = z.object({
  title: z
    .string({ error: VALIDATION_MESSAGES.titleRequired })
    .trim()
    .min(1, { error: VALIDATION_MESSAGES.titleRequired })
    .max(TITLE_MAX, { error: VALIDATION_MESSAGES.titleTooLong }),
  caption: z
    .string()
    .trim()
    .max(CAPTION_MAX, { error: 'Caption must be less than 500 characters' })
    .optional(),
  campaignId: z.uuid({ error: 'Invalid campaign ID' }).optional(),
});
export type UploadDetailsInput = z.infer<typeof uploadDetailsSchema>;

export const whitelistAddSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES, { error: 'Invalid role' }),
});
export type WhitelistAddInput = z.infer<typeof whitelistAddSchema>;

export const inviteGenerateSchema = z.object({
  expiryDays: z.coerce
    .number({ error: 'Expiry must be between 1 and 365 days' })
    .int({ error: 'Expiry must be between 1 and 365 days' })
    .min(1, { error: 'Expiry must be between 1 and 365 days' })
    .max(INVITE_MAX_EXPIRY_DAYS, { error: 'Expiry must be between 1 and 365 days' }),
  count: z.coerce
    .number({ error: 'Count must be between 1 and 100' })
    .int({ error: 'Count must be between 1 and 100' })
    .min(1, { error: 'Count must be between 1 and 100' })
    .max(INVITE_MAX_COUNT, { error: 'Count must be between 1 and 100' }),
  role: requestableRoleSchema,
});
export type InviteGenerateInput = z.infer<typeof inviteGenerateSchema>;

export const reportSchema = z.object({
  reason: z
    .string({ error: FEED_MESSAGES.reportNoReason })
    .trim()
    .min(1, { error: FEED_MESSAGES.reportNoReason })
    .max(REASON_MAX, { error: VALIDATION_MESSAGES.reasonTooLong }),
});
export type ReportInput = z.infer<typeof reportSchema>;

/** docs/product.md §5: the first schema message, else 'Invalid input'. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message || FALLBACK_VALIDATION_MESSAGE;
}
