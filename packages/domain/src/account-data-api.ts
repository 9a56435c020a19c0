/**
 * Your data on /account:
 * - `GET /api/account/export` → a JSON download of everything the platform holds about you;
 * - `POST /api/account/delete` with accountDeleteSchema → accountDeletedSchema, then you are signed out.
 */
import { z } from 'zod';

export const accountDeleteSchema = z.object({
  /** Required for an account with a password. */
  password: z.string().max(1000).optional(),
  /** An account without a password (sign-in through a provider) types its email address instead. */
  confirmEmail: z.string().trim().max(320).optional(),
});
export type AccountDeleteInput = z.infer<typeof accountDeleteSchema>;

export const accountDeletedSchema = z.object({ message: z.string() });

export const ACCOUNT_DATA_MESSAGES = {
  deleted: 'Your account was deleted.',
  passwordRequired: 'Please enter your password to delete your account',
  wrongPassword: 'Incorrect password',
  emailRequired: 'Please type your email address to confirm',
  wrongEmail: 'That is not the email address of this account',
  /** An account without a password proves itself by a recent sign-in instead. */
  reauthenticate: 'For your security, sign in again, then delete your account within 15 minutes.',
  deleteFailed: 'Error deleting your account',
  exportFailed: 'Error downloading your data',
  /**
   * 403 aal2_required: the account has a second factor and this session has not passed it (it was
   * opened before the factor was added, or with the password alone).
   */
  confirmSecondFactor: "Confirm it's you with your second factor to download or delete your data.",
  /** The display name an account keeps after deletion. */
  deletedName: 'Deleted user',
} as const;
