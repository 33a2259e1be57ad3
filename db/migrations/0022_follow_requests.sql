CREATE TABLE `follow_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`subscriberId` integer NOT NULL,
	`toolId` integer,
	`category` text,
	`tokenHash` text NOT NULL,
	`sentAt` integer NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`subscriberId`) REFERENCES `subscribers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follow_requests_token_unique` ON `follow_requests` (`tokenHash`);--> statement-breakpoint
CREATE UNIQUE INDEX `follow_requests_tool_unique` ON `follow_requests` (`subscriberId`,`toolId`);--> statement-breakpoint
CREATE UNIQUE INDEX `follow_requests_category_unique` ON `follow_requests` (`subscriberId`,`category`);--> statement-breakpoint
CREATE INDEX `follow_requests_sent_idx` ON `follow_requests` (`sentAt`);