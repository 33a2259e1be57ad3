-- Hand-written: full-text index over the blog posts' title, excerpt and content, kept in sync by the database itself
-- like tools_fts (migration 0001), for the header's article search (GET /api/blog/search, decision 0087). Every post is
-- indexed, drafts too; the query keeps the published ones. content is the sanitised HTML: the query checks a match
-- against its text, so a word of the markup alone (href, strong) finds nothing.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(
	title, excerpt, content,
	content='blog_posts', content_rowid='id',
	tokenize='unicode61 remove_diacritics 2',
	prefix='2 3'
);
--> statement-breakpoint
INSERT INTO posts_fts(posts_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ai` AFTER INSERT ON `blog_posts` BEGIN
	INSERT INTO posts_fts(rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_ad` AFTER DELETE ON `blog_posts` BEGIN
	INSERT INTO posts_fts(posts_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_au` AFTER UPDATE OF title, excerpt, content ON `blog_posts` BEGIN
	INSERT INTO posts_fts(posts_fts, rowid, title, excerpt, content) VALUES ('delete', old.id, old.title, old.excerpt, old.content);
	INSERT INTO posts_fts(rowid, title, excerpt, content) VALUES (new.id, new.title, new.excerpt, new.content);
END;
