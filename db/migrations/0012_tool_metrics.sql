CREATE TABLE `metrics_day_secrets` (
	`day` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL
);
--> statement-breakpoint
CREATE TABLE `metrics_seen` (
	`hash` text PRIMARY KEY NOT NULL,
	`day` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `metrics_seen_day_idx` ON `metrics_seen` (`day`);--> statement-breakpoint
CREATE TABLE `tool_metrics_daily` (
	`toolId` integer NOT NULL,
	`day` text NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`toolId`, `day`),
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
