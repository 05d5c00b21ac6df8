-- Hand-written. Tag and category lists read in index order, whatever the catalogue's size
-- (docs/categories.md, "Lists by tag and category"):
-- * `tag_postings` / `category_postings`: one row per row of `server_tags` / `server_categories`,
--   with copies of the server's list sort keys and whether it is active, so a page of one tag or
--   one category walks a partial index of that sort and reads only offset + limit postings.
-- * `tag_counts` / `category_counts`: the active servers per tag and per category, so the facets
--   and a one-tag list's total are key reads instead of grouped counts over every row.
-- All four are kept by the triggers below from the write paths' own tables: no write path knows them.
CREATE TABLE `tag_postings` (
	`tag` text NOT NULL,
	`server_id` text NOT NULL,
	`active` integer NOT NULL,
	`stars` integer NOT NULL,
	`popularity` integer NOT NULL,
	`like_count` integer NOT NULL,
	`updated_at` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`tag`, `server_id`)
);
--> statement-breakpoint
CREATE INDEX `tag_postings_server_idx` ON `tag_postings` (`server_id`);--> statement-breakpoint
CREATE INDEX `tag_postings_stars_idx` ON `tag_postings` (`tag`, `stars` DESC, `popularity` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `tag_postings_likes_idx` ON `tag_postings` (`tag`, `like_count` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `tag_postings_updated_idx` ON `tag_postings` (`tag`, `updated_at` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `tag_postings_created_idx` ON `tag_postings` (`tag`, `created_at` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `tag_postings_popularity_idx` ON `tag_postings` (`tag`, `popularity` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE TABLE `category_postings` (
	`category` text NOT NULL,
	`server_id` text NOT NULL,
	`active` integer NOT NULL,
	`stars` integer NOT NULL,
	`popularity` integer NOT NULL,
	`like_count` integer NOT NULL,
	`updated_at` text NOT NULL,
	`created_at` text NOT NULL,
	PRIMARY KEY(`category`, `server_id`)
);
--> statement-breakpoint
CREATE INDEX `category_postings_server_idx` ON `category_postings` (`server_id`);--> statement-breakpoint
CREATE INDEX `category_postings_stars_idx` ON `category_postings` (`category`, `stars` DESC, `popularity` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `category_postings_likes_idx` ON `category_postings` (`category`, `like_count` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `category_postings_updated_idx` ON `category_postings` (`category`, `updated_at` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `category_postings_created_idx` ON `category_postings` (`category`, `created_at` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE INDEX `category_postings_popularity_idx` ON `category_postings` (`category`, `popularity` DESC, `server_id`) WHERE `active` = 1;--> statement-breakpoint
CREATE TABLE `tag_counts` (
	`tag` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `tag_counts_n_idx` ON `tag_counts` (`n` DESC, `tag`);--> statement-breakpoint
CREATE TABLE `category_counts` (
	`category` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `tag_postings` SELECT t.tag, s.id, s.status = 'active', s.stars, s.popularity, s.like_count, s.updated_at, s.created_at
  FROM server_tags t JOIN servers s ON s.id = t.server_id;--> statement-breakpoint
INSERT INTO `category_postings` SELECT c.category, s.id, s.status = 'active', s.stars, s.popularity, s.like_count, s.updated_at, s.created_at
  FROM server_categories c JOIN servers s ON s.id = c.server_id;--> statement-breakpoint
INSERT INTO `tag_counts` SELECT tag, sum(active) FROM tag_postings GROUP BY tag;--> statement-breakpoint
INSERT INTO `category_counts` SELECT category, sum(active) FROM category_postings GROUP BY category;--> statement-breakpoint
-- A new side row takes its server's keys; it counts when the server is active.
CREATE TRIGGER `server_tags_postings_ai` AFTER INSERT ON `server_tags` BEGIN
  INSERT INTO tag_postings SELECT new.tag, id, status = 'active', stars, popularity, like_count, updated_at, created_at
    FROM servers WHERE id = new.server_id;
  INSERT OR IGNORE INTO tag_counts (tag, n) VALUES (new.tag, 0);
  UPDATE tag_counts SET n = n + 1 WHERE tag = new.tag
    AND EXISTS (SELECT 1 FROM tag_postings WHERE tag = new.tag AND server_id = new.server_id AND active = 1);
END;
--> statement-breakpoint
-- A removed side row (also through the cascade of a deleted server, whose row is gone by then:
-- hence the posting's own copy of whether it counted).
CREATE TRIGGER `server_tags_postings_ad` AFTER DELETE ON `server_tags` BEGIN
  UPDATE tag_counts SET n = n - 1 WHERE tag = old.tag
    AND EXISTS (SELECT 1 FROM tag_postings WHERE tag = old.tag AND server_id = old.server_id AND active = 1);
  DELETE FROM tag_postings WHERE tag = old.tag AND server_id = old.server_id;
END;
--> statement-breakpoint
CREATE TRIGGER `server_categories_postings_ai` AFTER INSERT ON `server_categories` BEGIN
  INSERT INTO category_postings SELECT new.category, id, status = 'active', stars, popularity, like_count, updated_at, created_at
    FROM servers WHERE id = new.server_id;
  INSERT OR IGNORE INTO category_counts (category, n) VALUES (new.category, 0);
  UPDATE category_counts SET n = n + 1 WHERE category = new.category
    AND EXISTS (SELECT 1 FROM category_postings WHERE category = new.category AND server_id = new.server_id AND active = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `server_categories_postings_ad` AFTER DELETE ON `server_categories` BEGIN
  UPDATE category_counts SET n = n - 1 WHERE category = old.category
    AND EXISTS (SELECT 1 FROM category_postings WHERE category = old.category AND server_id = old.server_id AND active = 1);
  DELETE FROM category_postings WHERE category = old.category AND server_id = old.server_id;
END;
--> statement-breakpoint
-- A server's status or sort keys change: its few postings follow (a like rewrites one row per tag
-- and category of the server), and its tags and categories count it or stop counting it.
CREATE TRIGGER `servers_postings_au` AFTER UPDATE OF `status`, `stars`, `popularity`, `like_count`, `updated_at`, `created_at` ON `servers`
WHEN old.status IS NOT new.status OR old.stars IS NOT new.stars OR old.popularity IS NOT new.popularity
  OR old.like_count IS NOT new.like_count OR old.updated_at IS NOT new.updated_at OR old.created_at IS NOT new.created_at BEGIN
  UPDATE tag_counts SET n = n + (CASE WHEN new.status = 'active' THEN 1 ELSE -1 END)
    WHERE tag IN (SELECT tag FROM tag_postings WHERE server_id = new.id AND active <> (new.status = 'active'));
  UPDATE category_counts SET n = n + (CASE WHEN new.status = 'active' THEN 1 ELSE -1 END)
    WHERE category IN (SELECT category FROM category_postings WHERE server_id = new.id AND active <> (new.status = 'active'));
  UPDATE tag_postings SET active = (new.status = 'active'), stars = new.stars, popularity = new.popularity,
    like_count = new.like_count, updated_at = new.updated_at, created_at = new.created_at WHERE server_id = new.id;
  UPDATE category_postings SET active = (new.status = 'active'), stars = new.stars, popularity = new.popularity,
    like_count = new.like_count, updated_at = new.updated_at, created_at = new.created_at WHERE server_id = new.id;
END;
