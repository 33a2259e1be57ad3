-- Hand-written: what a process keeps now follows the tags of the rebuild requests (decision 0080), so nothing reads the
-- catalogue's version. Its triggers (migrations 0006, 0008) go first: they write the table in every change to a tool.
DROP TRIGGER IF EXISTS `tools_version_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `tools_version_au`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `tools_version_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `tool_alternatives_version_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `tool_alternatives_version_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `tool_alternatives_version_au`;
--> statement-breakpoint
DROP TABLE `catalogue_version`;
