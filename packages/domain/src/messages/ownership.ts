/** Who owns an account (decision 022): the texts of sign-up, the proof and unproven sessions. */
export const OWNERSHIP_MESSAGES = {
  /** 403 on enrolling a factor, passkey, phone or identity before the address is proven. */
  verifyEmailFirst:
    'Verify your email address first: open the link we sent to your inbox, then come back to add this.',
  /**
   * 403 on anything an unproven session may not do yet (decision 022): all it may do is look after
   * its own sign-in and data.
   */
  unprovenSession:
    'Verify your email address first: open the link we sent to your inbox, then try again.',
  /** Sign-up's answer, the same whether or not the address already has an account. */
  checkInbox:
    'Check your inbox: we sent you a link to confirm your email address. Open it to finish signing up.',
  /** The verification link was opened in another browser than the sign-up's, or needs a password. */
  choosePassword:
    'Your email address is confirmed. Choose a password to finish: any password, sessions and sign-in methods set up on this account before are removed.',
} as const;
