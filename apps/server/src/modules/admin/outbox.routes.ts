import { OUTBOX_TEXTS, type OutboxMail, outboxListSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../module-context';
import { listOutbox, type OutboxRow, outboxShowsSecrets } from '../../platform/mail/outbox';
import { adminErrors } from './admin.schemas';

/**
 * A mail as an admin sees it: always who, what and when; its body only when it carries no link or
 * code meant for its recipient alone, or when this server shows them (outboxShowsSecrets).
 */
function toOutboxMail(row: OutboxRow, showSecrets: boolean): OutboxMail {
  const hidden = row.carriesSecret && !showSecrets;
  return {
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    textBody: hidden ? OUTBOX_TEXTS.hiddenBody : row.textBody,
    htmlBody: hidden ? null : row.htmlBody,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    bodyHidden: hidden,
  };
}

/** The outbox (DESIGN.md §3): without SMTP it is where mail is delivered, and admins read it here. */
export const outboxAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  const secretsShown = outboxShowsSecrets(context.config);
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['admin'],
        summary:
          'The latest 100 mails, newest first; bodies with a link or code for their recipient hidden (decision 024)',
        response: { 200: outboxListSchema, ...adminErrors },
      },
    },
    async () => ({
      mails: (await listOutbox(context.db)).map((row) => toOutboxMail(row, secretsShown)),
      delivery: context.config.smtpUrl ? ('smtp' as const) : ('outbox' as const),
      secretsShown,
    }),
  );
};
