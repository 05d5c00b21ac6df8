-- Search whose cost does not grow with the number of matches (hand-written: Drizzle has no
-- virtual tables or generated columns here).
--
-- The full-text index holds only listed (active) servers, and its rowid is `search_key`: the
-- server's GitHub stars and popularity, each as a coarse bucket (1, 2-4, 5-9 per power of ten),
-- then its seq. FTS5 returns matches in rowid order, so `MATCH ... LIMIT k` stops after the k
-- best-known matches instead of visiting all of them: ranking works on a bounded candidate set
-- taken in that precomputed order. Buckets rather than raw counts so a like or a view moves a
-- server in the index only when it crosses a bucket, not on every write. The low 32 bits are the
-- seq, so a match leads back to its row by primary key.
--
-- Contentless (content=''): the index is only ever matched, never read back, so it keeps no
-- copy of the text; contentless_delete lets a trigger remove a row by its rowid alone.
DROP TRIGGER `servers_fts_ai`;
--> statement-breakpoint
DROP TRIGGER `servers_fts_ad`;
--> statement-breakpoint
DROP TRIGGER `servers_fts_au`;
--> statement-breakpoint
DROP TABLE `servers_fts`;
--> statement-breakpoint
ALTER TABLE `servers` ADD `search_key` INTEGER GENERATED ALWAYS AS (
  ((
    (63 - (CASE WHEN `stars` < 1 THEN 0 ELSE length(`stars`) * 3 + (substr(`stars`, 1, 1) >= '2') + (substr(`stars`, 1, 1) >= '5') END)) * 64
    + (63 - (CASE WHEN `popularity` < 1 THEN 0 ELSE length(`popularity`) * 3 + (substr(`popularity`, 1, 1) >= '2') + (substr(`popularity`, 1, 1) >= '5') END))
  ) << 32) + `seq`
) VIRTUAL;
--> statement-breakpoint
-- The porter stemmer makes word forms meet ('databases' ~ 'database'); prefix indexes keep the
-- while-typing prefix match on the last word cheap. Categories are indexed by their slugs
-- ('browser-automation'); README text (its first 16,000 characters) is its own column so it
-- can weigh little.
CREATE VIRTUAL TABLE `servers_search` USING fts5(
  display_name, name, description, author, tags, categories, readme,
  content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme)
SELECT search_key, display_name, name, description, author, tags, categories, substr(coalesce(readme_text, ''), 1, 16000)
FROM servers WHERE status = 'active';
--> statement-breakpoint
CREATE TRIGGER `servers_search_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' BEGIN
  INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme)
  VALUES (new.search_key, new.display_name, new.name, new.description, new.author, new.tags, new.categories, substr(coalesce(new.readme_text, ''), 1, 16000));
END;
--> statement-breakpoint
CREATE TRIGGER `servers_search_ad` AFTER DELETE ON `servers` WHEN old.status = 'active' BEGIN
  DELETE FROM servers_search WHERE rowid = old.search_key;
END;
--> statement-breakpoint
-- Likes and views change popularity constantly: the row is re-indexed only when its text, its
-- listing or its bucket changed.
CREATE TRIGGER `servers_search_au` AFTER UPDATE OF
  `display_name`, `name`, `description`, `author`, `tags`, `categories`, `readme_text`, `status`, `stars`, `popularity`
ON `servers` WHEN (old.status = 'active' OR new.status = 'active') AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key
  OR old.display_name IS NOT new.display_name OR old.name IS NOT new.name OR old.description IS NOT new.description
  OR old.author IS NOT new.author OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR old.readme_text IS NOT new.readme_text
) BEGIN
  DELETE FROM servers_search WHERE rowid = old.search_key AND old.status = 'active';
  INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme)
  SELECT new.search_key, new.display_name, new.name, new.description, new.author, new.tags, new.categories, substr(coalesce(new.readme_text, ''), 1, 16000)
  WHERE new.status = 'active';
END;
--> statement-breakpoint
-- A server called exactly what was typed is found by this index however common the words are.
CREATE INDEX `servers_display_name_idx` ON `servers` (lower(`display_name`)) WHERE `status` = 'active';
