-- Full-text index over tool name, description and tags, kept in sync by the database itself.
-- tags are stored as a JSON array of category ids; the tokenizer splits them into words.
CREATE VIRTUAL TABLE `tools_fts` USING fts5(
	name, description, tags,
	content='tools', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3'
);
--> statement-breakpoint
CREATE TRIGGER `tools_fts_ai` AFTER INSERT ON `tools` BEGIN
	INSERT INTO tools_fts(rowid, name, description, tags) VALUES (new.id, new.name, new.description, replace(new.tags, '-', ' '));
END;
--> statement-breakpoint
CREATE TRIGGER `tools_fts_ad` AFTER DELETE ON `tools` BEGIN
	INSERT INTO tools_fts(tools_fts, rowid, name, description, tags) VALUES ('delete', old.id, old.name, old.description, replace(old.tags, '-', ' '));
END;
--> statement-breakpoint
CREATE TRIGGER `tools_fts_au` AFTER UPDATE OF name, description, tags ON `tools` BEGIN
	INSERT INTO tools_fts(tools_fts, rowid, name, description, tags) VALUES ('delete', old.id, old.name, old.description, replace(old.tags, '-', ' '));
	INSERT INTO tools_fts(rowid, name, description, tags) VALUES (new.id, new.name, new.description, replace(new.tags, '-', ' '));
END;
