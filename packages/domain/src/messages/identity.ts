/** What sign-in through an identity provider and linking one say (decision 026). */
import { MFA_MESSAGES } from './mfa';

export const IDENTITY_MESSAGES = {
  unknownProvider: 'This sign-in provider is not available.',
  badRedirect: 'redirect_to must be a path on this site.',
  codeChallengeRequired: 'A code_challenge (S256) is required.',
  signInFailed: 'Signing in with your provider did not work. Please try again.',
  flowExpired: 'Your sign-in took too long or was already used. Please start again.',
  emailNotVerified:
    'Your provider did not confirm your email address. Confirm it there, then try again.',
  /** Neither the ID token nor UserInfo carried an email address (the scope was refused at the provider). */
  emailMissing:
    'Your provider did not share your email address with us. Allow it there, then try again.',
  /** The provider's answer at the callback was `error=access_denied`: the person said no. */
  cancelled: 'You cancelled signing in with {provider}. Nothing was changed.',
  /** Any other error the provider sent back instead of a code. */
  providerRefused: '{provider} refused the sign-in. Please try again, or sign in another way.',
  /**
   * A provider sign-in whose address belongs to an account that has not linked it (never linked, or
   * unlinked since): we never link by email to a proven account (decision 026).
   */
  linkFromAccount:
    'An account with this email already exists. Sign in with your password or passkey, then link {provider} on your account page.',
  /** Linking from /account: that provider account belongs to another of our accounts. */
  linkedElsewhere: 'This {provider} account is already linked to another account.',
  /** Linking from /account came back to a browser that did not start it, or too late. */
  linkExpired:
    'Linking took too long or was started elsewhere. Please start again from your account page.',
  linked: '{provider} is linked. You can now sign in with it.',
  linkRecentSignInRequired: 'For your security, sign in again before linking a provider.',
  /** Linking from /account needs the second factor passed when the account has one. */
  linkAal2Required: MFA_MESSAGES.aal2Required,
  providerUnavailable: 'The sign-in provider could not be reached. Please try again later.',
  lastSignInMethod:
    'This is your only way to sign in. Set a password or add a passkey before unlinking it.',
  lastPasskey: 'This passkey is your only way to sign in. Set a password before removing it.',
  identityNotFound: 'Linked identity not found',
  passwordAlreadySet: 'You already have a password. Change it with your current one.',
  recentSignInRequired: 'For your security, sign in again before setting a password.',
  passwordSet: 'Your password is set. You can now sign in with it too.',
  identityUnlinked: 'Unlinked',
} as const;
