CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`userId` integer,
	`customerId` text,
	`status` text(30) NOT NULL,
	`eventCreatedAt` integer NOT NULL,
	`currentPeriodEnd` integer,
	`cancelAtPeriodEnd` integer DEFAULT false NOT NULL,
	`endedAt` integer,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `subscriptions_user_idx` ON `subscriptions` (`userId`);--> statement-breakpoint
ALTER TABLE `rebuild_jobs` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rebuild_jobs` ADD `nextAttemptAt` integer;