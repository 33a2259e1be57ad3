CREATE INDEX `email_outbox_idempotency_idx` ON `email_outbox` (`idempotencyKey`);--> statement-breakpoint
CREATE INDEX `email_outbox_issue_idx` ON `email_outbox` (`issueId`);