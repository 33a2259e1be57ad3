ALTER TABLE `rebuild_jobs` ADD `paths` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `rebuild_jobs` ADD `stats` text;