CREATE TABLE `tool_alternatives` (
	`toolId` integer NOT NULL,
	`alternativeId` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`toolId`, `alternativeId`),
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`alternativeId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tool_alternatives_position_unique` ON `tool_alternatives` (`toolId`,`position`);
--> statement-breakpoint
-- Hand-written: an editor's picks change what the alternatives and compare pages show, like a change to a tool, so
-- they move the catalogue's version too (what is kept while it stays starts over: decision 0039).
CREATE TRIGGER `tool_alternatives_version_ai` AFTER INSERT ON `tool_alternatives` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `tool_alternatives_version_ad` AFTER DELETE ON `tool_alternatives` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `tool_alternatives_version_au` AFTER UPDATE ON `tool_alternatives` BEGIN
	UPDATE `catalogue_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
