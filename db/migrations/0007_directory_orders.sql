ALTER TABLE `tools` ADD `lastReviewedAt` integer;--> statement-breakpoint
CREATE INDEX `tools_public_rating_idx` ON `tools` (`status`,`qualityScore`,`approvedAt`);--> statement-breakpoint
CREATE INDEX `tools_public_reviewed_idx` ON `tools` (`status`,`lastReviewedAt`);--> statement-breakpoint
CREATE INDEX `tools_public_facets_idx` ON `tools` (`status`,`pricingModel`,`qualityScore`,`tags`);--> statement-breakpoint
-- Hand-written: every tool reviewed before this column existed gets the time of its newest editorial review.
UPDATE `tools` SET `lastReviewedAt` = (SELECT max(`reviewedAt`) FROM `editorial_reviews` WHERE `editorial_reviews`.`toolId` = `tools`.`id`);
--> statement-breakpoint
-- Hand-written: the search index's vocabulary (each term with the number of tools holding it), read by the spelling
-- suggestions ("Did you mean Copilot?") of db/queries/spelling.ts.
CREATE VIRTUAL TABLE `tools_fts_vocab` USING fts5vocab(`tools_fts`, 'row');
