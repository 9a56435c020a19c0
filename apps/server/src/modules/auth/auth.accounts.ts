/**
 * The auth module's service for other modules: what they may read or change of an account, its
 * profile, roles and sessions. The auth module owns users, profiles, user_roles, sessions and the
 * other tables of db/schema/{users,auth,revocations,throttle}.ts; other modules call these, never
 * auth.queries or auth.sessions.queries (decision 028). Callers today: oidc (sign-in and sign-up by
 * a provider, linking, setting a password), mfa (the session a factor raises to aal2) and
 * account-data (an account's own data export and deletion).
 *
 * Each function takes the caller's handle: inside a transaction pass its `tx`, so the change
 * commits or rolls back with the caller's own.
 */
export {
  anonymiseUser,
  deleteEmailTokensOf,
  findUserByEmail,
  findUserById,
  findUserWithProfile,
  grantRoles,
  insertProfile,
  insertUser,
  lockAccountPassword,
  lockUserRow,
  markEmailVerified,
  roleRowsOf,
  setPasswordHash,
  usernameExists,
} from './auth.queries';
export {
  deleteSessionsOf,
  findSession,
  listAllSessions,
  raiseSessionToAal2,
} from './auth.sessions.queries';
