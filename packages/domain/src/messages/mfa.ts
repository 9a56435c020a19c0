/**
 * The words of the second-factor screens (sign-in's second step, step-up, enrolment) that more
 * than one of them shows. The server's answers are MFA_MESSAGES in mfa-api.ts.
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
