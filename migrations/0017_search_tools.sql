-- Tools join the search, and two list filters narrow it (hand-written, as 0010 and 0013 were).
--
-- A third full-text index, `servers_tools`, holds the tools read for each listed server's current
-- version (`servers.tool_text`: names, titles and descriptions, worker/lib/search/tool-text.ts;
-- first 16,000 characters), with the same tokenizer, prefixes and rowid (`search_key`) as
-- `servers_search` (0010). Not a column of `servers_search`: FTS5's bm25 divides by the length of
-- the whole row, every column counted, so a server's tools would push it down for the words on its
-- own card (the relevance harness measured 'github' losing GitHub Enterprise, with twelve tools,
-- from the first ten to 33rd). Held apart, tools find servers without changing how cards rank
-- (docs/decisions/0036-tools-in-the-search-index.md). Only servers with tools have a row there.
--
-- The 'tools known' and 'remote available' filters narrow inside every index, as tags and
-- categories do: a `facets` column holds one token per filter a server passes, U+E000 for tools
-- known (`tool_count > 0`) and U+E001 for a remote (`remotes <> '[]'`). They are private-use
-- characters, which the tokenizer keeps as a word and a typed query never holds (it keeps letters
-- and digits only), so no search finds them by accident; one token is one posting, about nothing
-- in bm25's lengths. A search then reads a filter's matches straight from the index instead of
-- looking up each match's row (at 100,000 servers a common word's filtered total took 70 ms so).
-- `servers_search` and `servers_labels` are built again with the column (0010's and 0013's
-- definitions otherwise as they were); the facets are written only when a filter's answer
-- changes, not on every edit of a remote.
DROP TABLE `servers_search_terms`;
--> statement-breakpoint
DROP TRIGGER `servers_search_ai`;
--> statement-breakpoint
DROP TRIGGER `servers_search_ad`;
--> statement-breakpoint
DROP TRIGGER `servers_search_au`;
--> statement-breakpoint
DROP TABLE `servers_search`;
--> statement-breakpoint
DROP TRIGGER `servers_labels_ai`;
--> statement-breakpoint
DROP TRIGGER `servers_labels_ad`;
--> statement-breakpoint
DROP TRIGGER `servers_labels_au`;
--> statement-breakpoint
DROP TABLE `servers_labels`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `servers_search` USING fts5(
  display_name, name, description, author, tags, categories, readme, facets,
  content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `servers_labels` USING fts5(
  display_name, name, tags, categories, facets,
  content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `servers_tools` USING fts5(
  tools, tags, categories, facets,
  content='', contentless_delete=1,
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `servers_search_terms` USING fts5vocab(`servers_search`, 'row');
--> statement-breakpoint
INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme, facets)
SELECT search_key, display_name, name, description, author, tags, categories, substr(coalesce(readme_text, ''), 1, 16000),
  trim(CASE WHEN tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN remotes <> '[]' THEN char(57345) ELSE '' END)
FROM servers WHERE status = 'active';
--> statement-breakpoint
INSERT INTO servers_labels(rowid, display_name, name, tags, categories, facets)
SELECT search_key, display_name, name, tags, categories,
  trim(CASE WHEN tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN remotes <> '[]' THEN char(57345) ELSE '' END)
FROM servers WHERE status = 'active';
--> statement-breakpoint
INSERT INTO servers_tools(rowid, tools, tags, categories, facets)
SELECT search_key, substr(tool_text, 1, 16000), tags, categories,
  trim(CASE WHEN tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN remotes <> '[]' THEN char(57345) ELSE '' END)
FROM servers WHERE status = 'active' AND coalesce(tool_text, '') <> '';
--> statement-breakpoint
CREATE TRIGGER `servers_search_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' BEGIN
  INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme, facets)
  VALUES (new.search_key, new.display_name, new.name, new.description, new.author, new.tags, new.categories,
    substr(coalesce(new.readme_text, ''), 1, 16000),
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END));
END;
--> statement-breakpoint
CREATE TRIGGER `servers_search_ad` AFTER DELETE ON `servers` WHEN old.status = 'active' BEGIN
  DELETE FROM servers_search WHERE rowid = old.search_key;
END;
--> statement-breakpoint
-- Likes and views change popularity constantly: the row is re-indexed only when its text, its
-- listing, its bucket or a filter's answer changed.
CREATE TRIGGER `servers_search_au` AFTER UPDATE OF
  `display_name`, `name`, `description`, `author`, `tags`, `categories`, `readme_text`, `status`, `stars`, `popularity`, `tool_count`, `remotes`
ON `servers` WHEN (old.status = 'active' OR new.status = 'active') AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key
  OR old.display_name IS NOT new.display_name OR old.name IS NOT new.name OR old.description IS NOT new.description
  OR old.author IS NOT new.author OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR old.readme_text IS NOT new.readme_text
  OR (coalesce(old.tool_count, 0) > 0) IS NOT (coalesce(new.tool_count, 0) > 0) OR (old.remotes <> '[]') IS NOT (new.remotes <> '[]')
) BEGIN
  DELETE FROM servers_search WHERE rowid = old.search_key AND old.status = 'active';
  INSERT INTO servers_search(rowid, display_name, name, description, author, tags, categories, readme, facets)
  SELECT new.search_key, new.display_name, new.name, new.description, new.author, new.tags, new.categories,
    substr(coalesce(new.readme_text, ''), 1, 16000),
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END)
  WHERE new.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `servers_labels_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' BEGIN
  INSERT INTO servers_labels(rowid, display_name, name, tags, categories, facets)
  VALUES (new.search_key, new.display_name, new.name, new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END));
END;
--> statement-breakpoint
CREATE TRIGGER `servers_labels_ad` AFTER DELETE ON `servers` WHEN old.status = 'active' BEGIN
  DELETE FROM servers_labels WHERE rowid = old.search_key;
END;
--> statement-breakpoint
CREATE TRIGGER `servers_labels_au` AFTER UPDATE OF
  `display_name`, `name`, `tags`, `categories`, `status`, `stars`, `popularity`, `tool_count`, `remotes`
ON `servers` WHEN (old.status = 'active' OR new.status = 'active') AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key
  OR old.display_name IS NOT new.display_name OR old.name IS NOT new.name
  OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR (coalesce(old.tool_count, 0) > 0) IS NOT (coalesce(new.tool_count, 0) > 0) OR (old.remotes <> '[]') IS NOT (new.remotes <> '[]')
) BEGIN
  DELETE FROM servers_labels WHERE rowid = old.search_key AND old.status = 'active';
  INSERT INTO servers_labels(rowid, display_name, name, tags, categories, facets)
  SELECT new.search_key, new.display_name, new.name, new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END)
  WHERE new.status = 'active';
END;
--> statement-breakpoint
CREATE TRIGGER `servers_tools_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' AND coalesce(new.tool_text, '') <> '' BEGIN
  INSERT INTO servers_tools(rowid, tools, tags, categories, facets)
  VALUES (new.search_key, substr(new.tool_text, 1, 16000), new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END));
END;
--> statement-breakpoint
CREATE TRIGGER `servers_tools_ad` AFTER DELETE ON `servers` WHEN old.status = 'active' AND coalesce(old.tool_text, '') <> '' BEGIN
  DELETE FROM servers_tools WHERE rowid = old.search_key;
END;
--> statement-breakpoint
-- A probe that reads other tools for the current version changes `tool_text`, and with it the row.
CREATE TRIGGER `servers_tools_au` AFTER UPDATE OF
  `tool_text`, `tags`, `categories`, `status`, `stars`, `popularity`, `tool_count`, `remotes`
ON `servers` WHEN (
  (old.status = 'active' AND coalesce(old.tool_text, '') <> '') OR (new.status = 'active' AND coalesce(new.tool_text, '') <> '')
) AND (
  old.status IS NOT new.status OR old.search_key IS NOT new.search_key OR old.tool_text IS NOT new.tool_text
  OR old.tags IS NOT new.tags OR old.categories IS NOT new.categories
  OR (coalesce(old.tool_count, 0) > 0) IS NOT (coalesce(new.tool_count, 0) > 0) OR (old.remotes <> '[]') IS NOT (new.remotes <> '[]')
) BEGIN
  DELETE FROM servers_tools WHERE rowid = old.search_key AND old.status = 'active' AND coalesce(old.tool_text, '') <> '';
  INSERT INTO servers_tools(rowid, tools, tags, categories, facets)
  SELECT new.search_key, substr(new.tool_text, 1, 16000), new.tags, new.categories,
    trim(CASE WHEN new.tool_count > 0 THEN char(57344) ELSE '' END || ' ' || CASE WHEN new.remotes <> '[]' THEN char(57345) ELSE '' END)
  WHERE new.status = 'active' AND coalesce(new.tool_text, '') <> '';
END;
--> statement-breakpoint
-- A list's filtered total counts only the rows a filter keeps: each partial index holds just
-- those (the remote one with the tool count, so both filters together are counted from it alone).
-- Pages walk their sort's index instead (worker/db/server-search.ts, `rowFilter`).
CREATE INDEX `servers_tools_known_idx` ON `servers` (`status`) WHERE `tool_count` > 0;
--> statement-breakpoint
CREATE INDEX `servers_remote_idx` ON `servers` (`status`, `tool_count`) WHERE `remotes` <> '[]';
