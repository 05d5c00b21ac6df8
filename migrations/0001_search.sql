-- Full-text search over servers (hand-written: Drizzle has no virtual tables).
-- External-content FTS5 keyed by servers.seq (an INTEGER PRIMARY KEY, so VACUUM never renumbers
-- it). The porter stemmer makes word forms meet ('databases' ~ 'database', 'testing' ~ 'test');
-- prefix indexes keep the while-typing prefix match on the last word cheap.
CREATE VIRTUAL TABLE `servers_fts` USING fts5(
  display_name, name, description, author, tags,
  content='servers', content_rowid='seq',
  tokenize='porter unicode61 remove_diacritics 2',
  prefix='2 3 4'
);
--> statement-breakpoint
CREATE TRIGGER `servers_fts_ai` AFTER INSERT ON `servers` BEGIN
  INSERT INTO servers_fts(rowid, display_name, name, description, author, tags)
  VALUES (new.seq, new.display_name, new.name, new.description, new.author, new.tags);
END;
--> statement-breakpoint
CREATE TRIGGER `servers_fts_ad` AFTER DELETE ON `servers` BEGIN
  INSERT INTO servers_fts(servers_fts, rowid, display_name, name, description, author, tags)
  VALUES ('delete', old.seq, old.display_name, old.name, old.description, old.author, old.tags);
END;
--> statement-breakpoint
-- Only the indexed columns: like counts and stars change often and must not touch the index.
CREATE TRIGGER `servers_fts_au` AFTER UPDATE OF display_name, name, description, author, tags ON `servers` BEGIN
  INSERT INTO servers_fts(servers_fts, rowid, display_name, name, description, author, tags)
  VALUES ('delete', old.seq, old.display_name, old.name, old.description, old.author, old.tags);
  INSERT INTO servers_fts(rowid, display_name, name, description, author, tags)
  VALUES (new.seq, new.display_name, new.name, new.description, new.author, new.tags);
END;
