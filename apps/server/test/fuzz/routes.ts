/**
 * Every route of the app, with the caller that reaches its handler. A route the app registers that
 * is missing here fails routes.test.ts; a listed route is fuzzed by one of the fuzz-N files.
 */
import { signInSchema } from '@adreel/domain';
import type { RouteTable } from './harness';

const COUNTS_ATTEMPT = 'a refused attempt is counted';

export const ROUTES: RouteTable = {
  // Not JSON endpoints.
  'GET /': { skip: 'the web app’s index.html' },
  'GET /*': { skip: 'the web app’s files and its index.html fallback' },
  'GET /media/*': { skip: 'video and poster bytes from storage, not JSON (videos-media tests)' },
  'GET /api/docs': { skip: 'Swagger UI (HTML and static files from @fastify/swagger-ui)' },
  'HEAD /api/docs/': { skip: 'Swagger UI' },
  'GET /api/docs/static/index.html': { skip: 'Swagger UI' },
  'GET /api/docs/static/swagger-initializer.js': { skip: 'Swagger UI' },
  'GET /api/docs/static/*': { skip: 'Swagger UI' },
  'GET /api/docs/json': { skip: 'the OpenAPI document, generated once, takes no input' },
  'GET /api/docs/yaml': { skip: 'the OpenAPI document, generated once, takes no input' },
  'GET /api/admin/counts/stream': { skip: 'an endless server-sent event stream' },
  'GET /api/beta/progress/stream': { skip: 'an endless server-sent event stream' },

  // System.
  'GET /healthz': { caller: 'anonymous' },
  'GET /readyz': { caller: 'anonymous' },
  'GET /.well-known/jwks.json': { caller: 'anonymous' },

  // Access and sign-in.
  'POST /api/access-requests': { caller: 'anonymous' },
  'GET /api/beta/progress': { caller: 'anonymous' },
  'POST /api/auth/signup': { caller: 'anonymous' },
  'POST /api/auth/signin': { caller: 'anonymous' },
  'POST /api/auth/signout': { caller: 'viewer', endsSession: true },
  'POST /api/auth/token': { caller: 'anonymous', body: signInSchema },
  'POST /api/auth/verify-email': { caller: 'anonymous' },
  'POST /api/auth/verify-email/resend': { caller: 'viewer' },
  'POST /api/auth/recover': { caller: 'anonymous' },
  'POST /api/auth/reset-password': { caller: 'anonymous' },
  'POST /api/auth/mfa/verify': { caller: 'anonymous' },
  'POST /api/auth/mfa/phone/challenge': { caller: 'anonymous' },
  'POST /api/auth/mfa/webauthn/options': { caller: 'anonymous' },
  'POST /api/auth/mfa/webauthn/verify': { caller: 'anonymous' },
  'POST /api/auth/passkey/options': { caller: 'anonymous' },
  'POST /api/auth/passkey/verify': { caller: 'anonymous' },
  'GET /api/auth/providers': { caller: 'anonymous' },
  'GET /api/auth/callback': { caller: 'anonymous' },
  'GET /api/authorize': { caller: 'anonymous' },

  // The signed-in account.
  'GET /api/account/sessions': { caller: 'viewer' },
  'DELETE /api/account/sessions/:id': { caller: 'viewer', endsSession: true },
  'POST /api/account/password': { caller: 'viewer' },
  'POST /api/account/password/first': { caller: 'viewer' },
  'GET /api/account/digest': { caller: 'viewer' },
  'PUT /api/account/digest': { caller: 'viewer' },
  'POST /api/account/delete': { caller: 'viewer', endsSession: true },
  'GET /api/account/export': { caller: 'viewer' },
  'GET /api/digest/unsubscribe': { caller: 'anonymous', htmlErrors: true },
  'POST /api/digest/unsubscribe': { caller: 'anonymous', htmlErrors: true },
  'GET /api/factors': { caller: 'viewer' },
  'POST /api/factors': { caller: 'viewer' },
  'POST /api/factors/recovery-codes': { caller: 'viewer' },
  'DELETE /api/factors/:id': { caller: 'viewer' },
  'POST /api/factors/:id/challenge': { caller: 'viewer' },
  'POST /api/factors/:id/verify': { caller: 'viewer' },
  'GET /api/user/identities': { caller: 'viewer' },
  'DELETE /api/user/identities/:identityId': { caller: 'viewer' },
  'GET /api/profiles/me': { caller: 'viewer' },
  'GET /api/profiles/:id': { caller: 'anonymous' },

  // Feed, engagement, metrics, leaderboards.
  'GET /api/feed': { caller: 'viewer' },
  'PUT /api/videos/:id/like': { caller: 'viewer' },
  'DELETE /api/videos/:id/like': { caller: 'viewer' },
  'POST /api/videos/:id/shares': { caller: 'viewer' },
  'POST /api/videos/:id/reports': { caller: 'viewer' },
  'GET /api/me/reports': { caller: 'viewer' },
  'POST /api/metrics': { caller: 'viewer' },
  'GET /api/leaderboard/videos': { caller: 'anonymous' },
  'GET /api/leaderboard/creators': { caller: 'anonymous' },

  // Creators.
  'POST /api/uploads': { caller: 'creator', tus: true },
  'PATCH /api/uploads/:id': { caller: 'creator', tus: true },
  'HEAD /api/uploads/:id': { caller: 'creator', tus: true },
  'DELETE /api/uploads/:id': { caller: 'creator', tus: true },
  'GET /api/creator/videos': { caller: 'creator' },
  'GET /api/creator/stats': { caller: 'creator' },
  'GET /api/creator/submissions': { caller: 'creator' },
  'GET /api/creator/earnings': { caller: 'creator' },
  'GET /api/campaigns': { caller: 'creator' },
  'GET /api/campaigns/open': { caller: 'creator' },

  // Brands.
  'GET /api/brand/campaigns': { caller: 'brand' },
  'POST /api/brand/campaigns': { caller: 'brand' },
  'POST /api/brand/campaigns/:id/close': { caller: 'brand' },
  'POST /api/brand/campaigns/:id/reopen': { caller: 'brand' },
  'GET /api/brand/submissions': { caller: 'brand' },
  'POST /api/brand/submissions/:id/approve': { caller: 'brand' },
  'POST /api/brand/submissions/:id/reject': { caller: 'brand' },
  'GET /api/brand/transactions': { caller: 'brand' },
  'POST /api/brand/transactions/:id/mark-paid': { caller: 'brand' },
  'GET /api/brand/performance': { caller: 'brand' },

  // Admins.
  'GET /api/admin/invites': { caller: 'admin' },
  'POST /api/admin/invites': { caller: 'admin' },
  'GET /api/admin/whitelist': { caller: 'admin' },
  'POST /api/admin/whitelist': { caller: 'admin' },
  'DELETE /api/admin/whitelist/:id': { caller: 'admin' },
  'GET /api/admin/access-requests': { caller: 'admin' },
  'POST /api/admin/access-requests/:id/decline': { caller: 'admin' },
  'GET /api/admin/audit': { caller: 'admin' },
  'GET /api/admin/audit/facets': { caller: 'admin' },
  'GET /api/admin/outbox': { caller: 'admin' },
  'POST /api/admin/digest/test': { caller: 'admin' },
  'GET /api/admin/counts': { caller: 'admin' },
  'GET /api/admin/videos': { caller: 'admin' },
  'POST /api/admin/videos/:id/approve': { caller: 'admin' },
  'POST /api/admin/videos/:id/reject': { caller: 'admin' },
  'POST /api/admin/videos/:id/feature': { caller: 'admin' },
  'POST /api/admin/scores/recompute': { caller: 'admin' },
  'GET /api/admin/reports': { caller: 'admin' },
  'POST /api/admin/reports/:id/dismiss': { caller: 'admin' },
  'POST /api/admin/reports/:id/remove-video': { caller: 'admin' },
};

void COUNTS_ATTEMPT;
