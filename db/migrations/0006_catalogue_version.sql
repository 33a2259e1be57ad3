CREATE TABLE `catalogue_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `catalogue_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `tools_version_ai` AFTER INSERT ON `tools` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `tools_version_au` AFTER UPDATE ON `tools` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `tools_version_ad` AFTER DELETE ON `tools` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
