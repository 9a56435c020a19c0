-- Issue 13: whether a mail carries a link or code meant only for its recipient. The admins' outbox
-- hides such a body (outside the embedded no-SMTP setup), and the sender scrubs it once delivered.
-- New rows carry one unless their builder says otherwise; of the rows already written, only the
-- notices known to hold nothing private (a join request to admins, a report's outcome) are shown.
ALTER TABLE "mail_outbox" ADD COLUMN "carries_secret" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "mail_outbox" SET "carries_secret" = false WHERE "kind" IN ('access_request', 'report_outcome');
