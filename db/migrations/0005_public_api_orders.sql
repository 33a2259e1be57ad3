CREATE INDEX `tools_public_newest_idx` ON `tools` (`status`,`approvedAt`);--> statement-breakpoint
CREATE INDEX `tools_public_name_idx` ON `tools` (`status`,"name" collate nocase);