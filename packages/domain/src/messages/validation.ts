/** docs/product.md §5's field messages that more than one form's schema gives (validation.ts and the *-api.ts files). */
export const VALIDATION_MESSAGES = {
  passwordRequired: 'Password is required',
  nameRequired: 'Name is required',
  nameTooLong: 'Name must be less than 100 characters',
  usernameTooShort: 'Username must be at least 3 characters',
  usernameTooLong: 'Username must be less than 50 characters',
  /** Zero-width, text-direction, control, private-use or unassigned characters. */
  usernameHiddenCharacters: 'Username cannot contain invisible or text-direction characters',
  titleRequired: 'Title is required',
  titleTooLong: 'Title must be less than 200 characters',
  reasonTooLong: 'Reason must be less than 500 characters',
} as const;
