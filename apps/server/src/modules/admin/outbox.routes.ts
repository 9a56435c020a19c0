import { type OutboxMail, outboxListSchema } from '@adreel/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ModuleContext } from '../../app';
import { listOutbox, type OutboxRow } from '../../platform/mail/outbox';
import { adminErrors } from './admin.schemas';

function toOutboxMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    toAddress: row.toAddress,
    subject: row.subject,
    textBody: row.textBody,
    htmlBody: row.htmlBody,
    kind: row.kind,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The outbox (DESIGN.md §3): without SMTP it is where mail is delivered, and admins read it here. */
export const outboxAdminRoutes: FastifyPluginAsyncZod<{ context: ModuleContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['admin'],
        summary: 'The latest 100 mails, newest first',
        response: { 200: outboxListSchema, ...adminErrors },
      },
    },
    async () => ({ mails: (await listOutbox(context.db)).map(toOutboxMail) }),
  );
};
