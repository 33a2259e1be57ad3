ALTER TABLE `tools` ADD `brandColor` text(7);--> statement-breakpoint
ALTER TABLE `tools` ADD `coverImage` text(500);