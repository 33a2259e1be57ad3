-- A rebuild request names the tags its change touched (lib/cache-tags.ts), no longer the paths: the pages follow from them.
ALTER TABLE `rebuild_jobs` RENAME COLUMN `paths` TO `tags`;
