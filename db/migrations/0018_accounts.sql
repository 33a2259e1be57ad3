-- Accounts a person can trust (issue 26, docs/decisions/0092): proofs sent by e-mail or held between two steps, two-factor
-- recovery codes, verified addresses, authenticator secrets, closed accounts and the last use of each session.
CREATE TABLE `recovery_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer NOT NULL,
	`codeHash` text NOT NULL,
	`usedAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `recovery_codes_user_idx` ON `recovery_codes` (`userId`);--> statement-breakpoint
CREATE TABLE `verifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`userId` integer NOT NULL,
	`purpose` text(40) NOT NULL,
	`tokenHash` text NOT NULL,
	`codeHash` text,
	`target` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expiresAt` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `verifications_token_unique` ON `verifications` (`tokenHash`);--> statement-breakpoint
CREATE INDEX `verifications_user_idx` ON `verifications` (`userId`,`purpose`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `lastUsedAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `emailVerifiedAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `twoFactorSecret` text;--> statement-breakpoint
ALTER TABLE `users` ADD `twoFactorEnabledAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `closedAt` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `deletedAt` integer;--> statement-breakpoint
CREATE INDEX `users_closed_idx` ON `users` (`closedAt`);--> statement-breakpoint
-- Hand-written: Google proved the addresses of the accounts it signed in; a session's last use is at least its start.
UPDATE `users` SET `emailVerifiedAt` = `createdAt` WHERE `googleId` IS NOT NULL;--> statement-breakpoint
UPDATE `sessions` SET `lastUsedAt` = `createdAt`;
