-- Keeping listings true (docs/decisions/0098): verified owners, reader reports and the tool's public notes, link health
-- and its checks, discontinued tools, and the queue's rejection reasons and requested changes.
CREATE TABLE `link_checks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`toolId` integer NOT NULL,
	`checkedAt` integer NOT NULL,
	`outcome` text(10) NOT NULL,
	`status` integer,
	`finalUrl` text(2000),
	`detail` text,
	`attempts` integer DEFAULT 1 NOT NULL,
	`durationMs` integer,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_checks_tool_idx` ON `link_checks` (`toolId`,`checkedAt`);--> statement-breakpoint
CREATE INDEX `link_checks_at_idx` ON `link_checks` (`checkedAt`);--> statement-breakpoint
CREATE TABLE `link_health` (
	`toolId` integer PRIMARY KEY NOT NULL,
	`state` text(10) DEFAULT 'healthy' NOT NULL,
	`failStreak` integer DEFAULT 0 NOT NULL,
	`lastOutcome` text(10),
	`lastStatus` integer,
	`lastCheckedAt` integer,
	`failingSince` integer,
	`movedTo` text(500),
	`nextCheckAt` integer,
	`ignoreBlockedUntil` integer,
	`notifiedState` text(10),
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `link_health_due_idx` ON `link_health` (`nextCheckAt`);--> statement-breakpoint
CREATE INDEX `link_health_state_idx` ON `link_health` (`state`);--> statement-breakpoint
CREATE TABLE `report_votes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reportId` integer NOT NULL,
	`voterKey` text NOT NULL,
	`userId` integer,
	`email` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`reportId`) REFERENCES `reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `report_votes_voter_unique` ON `report_votes` (`reportId`,`voterKey`);--> statement-breakpoint
CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reference` text(20) NOT NULL,
	`toolId` integer NOT NULL,
	`type` text(30) NOT NULL,
	`details` text DEFAULT '{}' NOT NULL,
	`message` text DEFAULT '' NOT NULL,
	`state` text(20) DEFAULT 'new' NOT NULL,
	`resolution` text(20),
	`note` text,
	`changedListing` integer DEFAULT false NOT NULL,
	`duplicateOfId` integer,
	`votes` integer DEFAULT 1 NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`lastReportedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`acknowledgedAt` integer,
	`resolvedAt` integer,
	`handledById` integer,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handledById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_reference_unique` ON `reports` (`reference`);--> statement-breakpoint
CREATE INDEX `reports_tool_idx` ON `reports` (`toolId`,`type`,`state`);--> statement-breakpoint
CREATE INDEX `reports_state_idx` ON `reports` (`state`,`createdAt`);--> statement-breakpoint
CREATE TABLE `tool_notes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`toolId` integer NOT NULL,
	`text` text NOT NULL,
	`source` text(20) NOT NULL,
	`sourceId` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `tool_notes_tool_idx` ON `tool_notes` (`toolId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `tool_owners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`toolId` integer NOT NULL,
	`userId` integer NOT NULL,
	`method` text(10) NOT NULL,
	`status` text(20) DEFAULT 'pending' NOT NULL,
	`tokenHash` text,
	`email` text,
	`domain` text(255) NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`expiresAt` integer,
	`verifiedAt` integer,
	`lastCheckedAt` integer,
	`recheckDueAt` integer,
	`graceUntil` integer,
	`endedAt` integer,
	`endedById` integer,
	`endReason` text,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`endedById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_owners_tool_user_unique` ON `tool_owners` (`toolId`,`userId`);--> statement-breakpoint
CREATE INDEX `tool_owners_user_idx` ON `tool_owners` (`userId`,`status`);--> statement-breakpoint
CREATE INDEX `tool_owners_status_idx` ON `tool_owners` (`status`,`recheckDueAt`);--> statement-breakpoint
ALTER TABLE `tools` ADD `rejectionCode` text(30);--> statement-breakpoint
ALTER TABLE `tools` ADD `changesRequestedAt` integer;--> statement-breakpoint
ALTER TABLE `tools` ADD `changesRequestedNote` text;--> statement-breakpoint
ALTER TABLE `tools` ADD `discontinuedAt` integer;--> statement-breakpoint
ALTER TABLE `tools` ADD `discontinuedReason` text;--> statement-breakpoint
ALTER TABLE `tools` ADD `archiveUrl` text(500);