/**
 * The weekly digest's HTTP side: the one-click unsubscribe link (RFC 8058; no sign-in, the signed
 * token is the proof), the preference on /account, and the admins' test digest (SPEC.md §7
 * send-weekly-digest with test: true).
 */
import { errorResponseSchema } from '@adreel/domain';
import {
  DIGEST_MESSAGES,
  digestPreferenceSchema,
  digestTestResultSchema,
} from '@adreel/domain/digest-api';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleContext } from '../../module-context';
import { adminErrors } from '../../platform/admin-schemas';
import { allow, requireAuth, UNPROVEN_ALLOWED } from '../../platform/authenticate';
import { escapeHtml } from '../../platform/mail/html';
import { isSubscribed, sendTestDigest, setSubscribed } from './digest.service';
import { verifyUnsubscribeToken } from './digest.tokens';

const tokenQuery = z.object({ token: z.string().max(200).optional() });

/** A small page of our own: no script at all, so its inline style is the only thing it allows. */
function page(reply: FastifyReply, status: number, appName: string, title: string, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${escapeHtml(appName)}</title>
<style>
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;background:#fafafa;color:#18181b;margin:0;display:grid;place-items:center;min-height:100vh;padding:16px;box-sizing:border-box}
main{background:#fff;border:1px solid #e4e4e7;border-radius:12px;padding:28px;max-width:420px;width:100%;box-sizing:border-box}
h1{font-size:20px;margin:0 0 8px}p{color:#52525b;line-height:1.5;margin:0 0 16px}
button{font:inherit;font-weight:600;background:#18181b;color:#fff;border:0;border-radius:8px;padding:10px 16px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:2px solid #2563eb;outline-offset:2px}a{color:#18181b}
.brand{font-size:13px;font-weight:700;letter-spacing:.04em;text-transform:uppercase;color:#de1048;margin:0 0 12px}main>:last-child{margin-bottom:0}
</style></head><body><main><p class="brand">${escapeHtml(appName)}</p>${body}</main></body></html>`);
}

export const digestRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db, config } = context;
  const accountUrl = `${config.publicUrl}/account`;
  // RFC 8058: a mail client posts `List-Unsubscribe=One-Click` as a form; the token is in the URL.
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'multipart/form-data'],
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, body),
  );

  const invalid = (reply: FastifyReply) =>
    page(
      reply,
      400,
      config.appName,
      'Link not valid',
      `<h1>This link is not valid</h1><p>${escapeHtml(DIGEST_MESSAGES.invalidLink)}</p><p><a href="${escapeHtml(accountUrl)}">Go to your account</a></p>`,
    );

  app.get(
    '/digest/unsubscribe',
    {
      schema: {
        tags: ['digest'],
        summary: 'The unsubscribe link of a digest: asks to confirm (link scanners only GET)',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const token = request.query.token ?? '';
      const userId = await verifyUnsubscribeToken(db, token);
      if (!userId) return invalid(reply);
      if (!(await isSubscribed(db, userId)))
        return page(
          reply,
          200,
          config.appName,
          'Unsubscribed',
          `<h1>You are unsubscribed</h1><p>${escapeHtml(DIGEST_MESSAGES.unsubscribed)}</p><p><a href="${escapeHtml(accountUrl)}">Change it on your account</a></p>`,
        );
      const action = `/api/digest/unsubscribe?token=${encodeURIComponent(token)}`;
      return page(
        reply,
        200,
        config.appName,
        'Unsubscribe',
        `<h1>Unsubscribe from the weekly digest?</h1><p>You will no longer get the Monday email with the week's top videos and open campaigns.</p><form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
      );
    },
  );

  app.post(
    '/digest/unsubscribe',
    {
      schema: {
        tags: ['digest'],
        summary: 'One-click unsubscribe (RFC 8058): honoured at once, no sign-in',
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const userId = await verifyUnsubscribeToken(db, request.query.token ?? '');
      if (!userId) return invalid(reply);
      await setSubscribed(db, userId, false);
      return page(
        reply,
        200,
        config.appName,
        'Unsubscribed',
        `<h1>You are unsubscribed</h1><p>${escapeHtml(DIGEST_MESSAGES.unsubscribed)}</p><p><a href="${escapeHtml(accountUrl)}">Changed your mind? Turn it back on on your account</a></p>`,
      );
    },
  );

  app.get(
    '/account/digest',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: {
        tags: ['account'],
        summary: 'Whether you get the weekly digest',
        response: { 200: digestPreferenceSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ subscribed: await isSubscribed(db, requireAuth(request).userId) }),
  );

  app.put(
    '/account/digest',
    {
      ...UNPROVEN_ALLOWED,
      preHandler: allow.signedIn,
      schema: {
        tags: ['account'],
        summary: 'Turn the weekly digest on or off',
        body: digestPreferenceSchema,
        response: {
          200: digestPreferenceSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request) => {
      await setSubscribed(db, requireAuth(request).userId, request.body.subscribed);
      return { subscribed: request.body.subscribed };
    },
  );
};

/** Under /api/admin, whose guard lets only admins in. */
export const digestAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const { db, config } = context;
  app.post(
    '/digest/test',
    {
      schema: {
        tags: ['admin'],
        summary: "Send this week's digest to the requesting admin only (send-weekly-digest, test)",
        response: { 200: digestTestResultSchema, 404: errorResponseSchema, ...adminErrors },
      },
    },
    async (request) =>
      sendTestDigest(
        db,
        { appName: config.appName, publicUrl: config.publicUrl },
        requireAuth(request),
      ),
  );
};
