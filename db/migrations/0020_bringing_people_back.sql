CREATE TABLE `email_suppressions` (
	`email` text PRIMARY KEY NOT NULL,
	`reason` text(20) NOT NULL,
	`eventId` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `feature_flags` (
	`key` text PRIMARY KEY NOT NULL,
	`audience` text(20) NOT NULL,
	`updatedById` integer,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updatedById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `follow_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`toolId` integer,
	`category` text,
	`kind` text(20) NOT NULL,
	`detail` text,
	`dedupeKey` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follow_events_dedupe_unique` ON `follow_events` (`dedupeKey`);--> statement-breakpoint
CREATE INDEX `follow_events_tool_idx` ON `follow_events` (`toolId`,`id`);--> statement-breakpoint
CREATE INDEX `follow_events_category_idx` ON `follow_events` (`category`,`id`);--> statement-breakpoint
CREATE TABLE `follows` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriberId` integer NOT NULL,
	`toolId` integer,
	`category` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`subscriberId`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follows_tool_unique` ON `follows` (`subscriberId`,`toolId`);--> statement-breakpoint
CREATE UNIQUE INDEX `follows_category_unique` ON `follows` (`subscriberId`,`category`);--> statement-breakpoint
CREATE INDEX `follows_tool_idx` ON `follows` (`toolId`);--> statement-breakpoint
CREATE INDEX `follows_category_idx` ON `follows` (`category`);--> statement-breakpoint
CREATE TABLE `newsletter_issues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issueDate` text NOT NULL,
	`status` text(20) DEFAULT 'draft' NOT NULL,
	`intro` text DEFAULT '' NOT NULL,
	`content` text,
	`periodStart` integer NOT NULL,
	`periodEnd` integer NOT NULL,
	`scheduledFor` integer,
	`sentAt` integer,
	`recipients` integer DEFAULT 0 NOT NULL,
	`updatedById` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`updatedById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_issues_date_unique` ON `newsletter_issues` (`issueDate`);--> statement-breakpoint
CREATE INDEX `newsletter_issues_status_idx` ON `newsletter_issues` (`status`);--> statement-breakpoint
CREATE TABLE `newsletter_slots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`issueDate` text NOT NULL,
	`toolId` integer NOT NULL,
	`userId` integer NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `newsletter_slots_issue_tool_unique` ON `newsletter_slots` (`issueDate`,`toolId`);--> statement-breakpoint
CREATE INDEX `newsletter_slots_user_idx` ON `newsletter_slots` (`userId`,`issueDate`);--> statement-breakpoint
CREATE TABLE `saved_tools` (
	`userId` integer NOT NULL,
	`toolId` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`userId`, `toolId`),
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_tools_user_idx` ON `saved_tools` (`userId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `subscribers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`userId` integer,
	`status` text(20) DEFAULT 'pending' NOT NULL,
	`confirmTokenHash` text,
	`confirmSentAt` integer,
	`confirmedAt` integer,
	`manageToken` text NOT NULL,
	`digest` integer DEFAULT true NOT NULL,
	`cadence` text(10) DEFAULT 'weekly' NOT NULL,
	`consentAt` integer NOT NULL,
	`consentSource` text(20) NOT NULL,
	`consentTextVersion` text NOT NULL,
	`unsubscribedAt` integer,
	`alertsSentThrough` integer DEFAULT 0 NOT NULL,
	`lastAlertAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_email_unique` ON `subscribers` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscribers_manage_token_unique` ON `subscribers` (`manageToken`);--> statement-breakpoint
CREATE INDEX `subscribers_user_idx` ON `subscribers` (`userId`);--> statement-breakpoint
CREATE INDEX `subscribers_status_idx` ON `subscribers` (`status`,`createdAt`);--> statement-breakpoint
ALTER TABLE `contact_messages` ADD `managerId` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `headers` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `idempotencyKey` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `issueId` integer REFERENCES newsletter_issues(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `tool_metrics_daily` ADD `badgeVisits` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `accountManagerId` integer REFERENCES users(id) ON DELETE set null;