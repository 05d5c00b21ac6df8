-- A second, small full-text index of what labels a server: its display and technical names, its
-- tags and its categories, with the same tokenizer, prefixes and rowid (`search_key`) as
-- `servers_search` (0010). The name and category tiers of a search ask whether a word is in a
-- name or a category; in the full index FTS5 answers that by walking every posting of the word,
-- descriptions and READMEs included, and checking each one's column. Here a word's postings are
-- only the servers it labels, so those tiers cost about what they find.
CREATE VIRTUAL TABLE `servers_labels` USING fts5(
  display_name, name, tags, categories,
  content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
INSERT INTO servers_labels(rowid, display_name, name, tags, categories)
SELECT search_key, display_name, name, tags, categories FROM servers WHERE status = 'active';
--> statement-breakpoint
CREATE TRIGGER `servers_labels_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' BEGIN
  INSERT INTO servers_labels(rowid, display_name, name, tags, categories)
  VALUES (new.search_key, new.display_name, new.name, new.tags, new.categories);
END;
--> statement-breakpoint
CREATE TRIGGER `servers_labels_ad` AFTER DELETE ON `servers` WHEN old.status = 'active' BEGIN
  DELETE FROM servers_labels WHERE rowid = old.search_key;
END;
--> statement-breakpoint
-- As for the full index: re-indexed only when a label, the listing or the order's bucket changed.
CREATE TRIGGER `servers_labels_au` AFTER UPDATE OF
  `display_name`, `name`, `tags`, `categories`, `status`, `stars`, `popularity`
ON `servers` WHEN (old.status = 'active' OR new.status = 'active') AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key
  OR old.display_name IS NOT new.display_name OR old.name IS NOT new.name
  OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
) BEGIN
  DELETE FROM servers_labels WHERE rowid = old.search_key AND old.status = 'active';
  INSERT INTO servers_labels(rowid, display_name, name, tags, categories)
  SELECT new.search_key, new.display_name, new.name, new.tags, new.categories
  WHERE new.status = 'active';
END;
