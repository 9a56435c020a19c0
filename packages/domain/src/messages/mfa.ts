/** Supabase Auth's default cap on a user's factors. */
export const MAX_FACTORS_PER_USER = 10;

/** What the server answers about second factors (docs/product.md §7 /factors, the second step of sign-in). */
export const MFA_MESSAGES = {
  invalidCode: 'Invalid code',
  codeReused: 'This code was already used. Wait for the next one from your authenticator app.',
  invalidRecoveryCode: 'Invalid recovery code',
  ticketExpired: 'Your sign-in took too long. Please sign in again.',
  passkeyFailed: 'That passkey could not be verified. Please try again.',
  passkeyUnknown: 'This passkey is not registered with any account.',
  challengeExpired: 'This challenge has expired. Please start again.',
  factorNotFound: 'Factor not found',
  factorNameTaken: 'You already have a factor with this name. Please choose another.',
  tooManyFactors: `You can have at most ${MAX_FACTORS_PER_USER} factors. Remove one first.`,
  aal2Required: 'Confirm it is you with your second factor first.',
  noWebauthnFactor: 'You have no passkey for this account. Use another factor.',
  invalidPhone: 'Enter your mobile number in international format, e.g. +44 7911 123456',
  phoneCodeSent: 'We texted you a 6-digit code.',
  phoneCodeInvalid: 'Enter the 6-digit code we texted you',
  totpCodeInvalid: 'Enter the 6-digit code from your authenticator app',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
} as const;

/**
 * The words of the second-factor screens (sign-in's second step, step-up, enrolment) that more
 * than one of them shows. The server's answers are MFA_MESSAGES above.
 */
export const MFA_TEXTS = {
  confirmItsYou: "Confirm it's you",
  twoFactor: 'Two-factor authentication',
  codeLabel: '6-digit code',
  textMeACode: 'Text me a code',
  sendNewCode: 'Send a new code',
  usePasskey: 'Use your passkey',
  addPasskey: 'Add a passkey',
  recoveryCodes: 'Recovery codes',
  /** An authenticator app factor's name when none was given. */
  authenticatorApp: 'Authenticator app',
  sendCodeFailed: 'Error sending the code',
  verifyCodeFailed: 'Error verifying the code',
} as const;
