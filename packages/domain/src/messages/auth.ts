/** The words of the sign-in, sign-up, password and account screens that more than one of them shows. */
export const AUTH_TEXTS = {
  privateBetaEyebrow: 'Private beta',
  inviteOnlyBeta: 'Invite-only · Private beta',
  requestBetaAccess: 'Request beta access',
  requestAccess: 'Request Access',
  joinTheBeta: 'Join the Beta',
  checkInbox: 'Check your inbox',
  /** Followed by the address, as in "We sent a link to ann@example.com." */
  sentLinkTo: 'We sent a link to',
  /** The banner of an unproven account (decision 022): what waits for the link. */
  verifyToFinish:
    'Verify your email to finish setting up your account: until then you can only manage your account.',
  backToSignIn: 'Back to sign in',
  newPassword: 'New password',
  confirmNewPassword: 'Confirm new password',
  /** The reset page's title and the reset mail's button. */
  chooseNewPassword: 'Choose a new password',
  passwordsMismatch: 'Passwords do not match',
  passwordChanged: 'Password changed',
  /** The role choices' descriptions on sign-up and join. */
  viewerRole: 'Watch and save',
  creatorRole: 'Make ads',
  brandRole: 'Run campaigns',
} as const;

/** A password field's hint: "At least 6 characters". */
export function atLeastCharacters(count: number): string {
  return `At least ${count} characters`;
}
