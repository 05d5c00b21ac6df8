CREATE TABLE `grade_drops` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`from_grade` text,
	`to_grade` text,
	`reasons` text NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `grade_drops_server_idx` ON `grade_drops` (`server_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `grade_drops_created_idx` ON `grade_drops` (`created_at`);--> statement-breakpoint
CREATE TABLE `server_verdicts` (
	`server_id` text PRIMARY KEY NOT NULL,
	`verdict` text NOT NULL,
	`grade` text,
	`inputs` text NOT NULL,
	`computed_at` text NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `category_postings` ADD `grade_rank` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `category_postings_rated_idx` ON `category_postings` (`category`,"grade_rank" DESC,"stars" DESC,"popularity" DESC,`server_id`) WHERE "category_postings"."active" = 1;--> statement-breakpoint
ALTER TABLE `servers` ADD `grade` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `grade_rank` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `servers` ADD `verdict_rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `servers_rated_idx` ON `servers` (`status`,"grade_rank" DESC,"stars" DESC,"popularity" DESC,`id`);--> statement-breakpoint
CREATE INDEX `servers_verdict_rev_idx` ON `servers` (`verdict_rev`,`seq`);--> statement-breakpoint
ALTER TABLE `tag_postings` ADD `grade_rank` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `tag_postings_rated_idx` ON `tag_postings` (`tag`,"grade_rank" DESC,"stars" DESC,"popularity" DESC,`server_id`) WHERE "tag_postings"."active" = 1;--> statement-breakpoint
-- The postings copy the grade's rank as they copy the other sort keys (0022): the one-tag and
-- one-category lists sort "Best rated" from their own partial index. The triggers that copy keys
-- are written again with the new column, which ALTER TABLE put last.
DROP TRIGGER `server_tags_postings_ai`;--> statement-breakpoint
CREATE TRIGGER `server_tags_postings_ai` AFTER INSERT ON `server_tags` BEGIN
  INSERT INTO tag_postings SELECT new.tag, id, status = 'active', stars, popularity, like_count, updated_at, created_at, grade_rank
    FROM servers WHERE id = new.server_id;
  INSERT OR IGNORE INTO tag_counts (tag, n) VALUES (new.tag, 0);
  UPDATE tag_counts SET n = n + 1 WHERE tag = new.tag
    AND EXISTS (SELECT 1 FROM tag_postings WHERE tag = new.tag AND server_id = new.server_id AND active = 1);
END;
--> statement-breakpoint
DROP TRIGGER `server_categories_postings_ai`;--> statement-breakpoint
CREATE TRIGGER `server_categories_postings_ai` AFTER INSERT ON `server_categories` BEGIN
  INSERT INTO category_postings SELECT new.category, id, status = 'active', stars, popularity, like_count, updated_at, created_at, grade_rank
    FROM servers WHERE id = new.server_id;
  INSERT OR IGNORE INTO category_counts (category, n) VALUES (new.category, 0);
  UPDATE category_counts SET n = n + 1 WHERE category = new.category
    AND EXISTS (SELECT 1 FROM category_postings WHERE category = new.category AND server_id = new.server_id AND active = 1);
END;
--> statement-breakpoint
DROP TRIGGER `servers_postings_au`;--> statement-breakpoint
CREATE TRIGGER `servers_postings_au` AFTER UPDATE OF `status`, `stars`, `popularity`, `like_count`, `updated_at`, `created_at`, `grade_rank` ON `servers`
WHEN old.status IS NOT new.status OR old.stars IS NOT new.stars OR old.popularity IS NOT new.popularity
  OR old.like_count IS NOT new.like_count OR old.updated_at IS NOT new.updated_at OR old.created_at IS NOT new.created_at
  OR old.grade_rank IS NOT new.grade_rank BEGIN
  UPDATE tag_counts SET n = n + (CASE WHEN new.status = 'active' THEN 1 ELSE -1 END)
    WHERE tag IN (SELECT tag FROM tag_postings WHERE server_id = new.id AND active <> (new.status = 'active'));
  UPDATE category_counts SET n = n + (CASE WHEN new.status = 'active' THEN 1 ELSE -1 END)
    WHERE category IN (SELECT category FROM category_postings WHERE server_id = new.id AND active <> (new.status = 'active'));
  UPDATE tag_postings SET active = (new.status = 'active'), stars = new.stars, popularity = new.popularity,
    like_count = new.like_count, updated_at = new.updated_at, created_at = new.created_at, grade_rank = new.grade_rank
    WHERE server_id = new.id;
  UPDATE category_postings SET active = (new.status = 'active'), stars = new.stars, popularity = new.popularity,
    like_count = new.like_count, updated_at = new.updated_at, created_at = new.created_at, grade_rank = new.grade_rank
    WHERE server_id = new.id;
END;
--> statement-breakpoint
-- A grade guests see: the edge cache's entries of lists and pages end with it.
DROP TRIGGER `servers_version_au`;--> statement-breakpoint
CREATE TRIGGER `servers_version_au` AFTER UPDATE OF
  `name`, `registry_name`, `display_name`, `description`, `author`, `version`, `icon`, `github_url`, `readme_text`, `tags`,
  `packages`, `remotes`, `metadata`, `status`, `like_count`, `install_command`, `updated_at`, `tool_count`, `tool_text`, `risk`,
  `supply_band`, `grade`
ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;--> statement-breakpoint
-- The verdict's inputs: when one changes, the listing's stored verdict is behind (verdict_rev 0)
-- and the every-minute cron grades it again (worker/jobs/verdicts.ts). Its own fields, a probe
-- stored (health, compatibility), a surface stored or rescanned (tool quality, security), a
-- version synced (maintenance).
CREATE TRIGGER `servers_verdict_inputs_au` AFTER UPDATE OF
  `status`, `version`, `packages`, `remotes`, `license`, `stars`, `github_url`, `upstream_status`, `upstream_status_message`,
  `upstream_updated_at`, `tool_count`, `risk`, `supply_band`
ON `servers` WHEN new.verdict_rev <> 0 AND (old.status IS NOT new.status OR old.version IS NOT new.version
  OR old.packages IS NOT new.packages OR old.remotes IS NOT new.remotes OR old.license IS NOT new.license
  OR old.stars IS NOT new.stars OR old.github_url IS NOT new.github_url OR old.upstream_status IS NOT new.upstream_status
  OR old.upstream_status_message IS NOT new.upstream_status_message OR old.upstream_updated_at IS NOT new.upstream_updated_at
  OR old.tool_count IS NOT new.tool_count OR old.risk IS NOT new.risk OR old.supply_band IS NOT new.supply_band) BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `server_probes_verdict_ai` AFTER INSERT ON `server_probes` BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `server_surfaces_verdict_ai` AFTER INSERT ON `server_surfaces` BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `server_surfaces_verdict_au` AFTER UPDATE OF `risk`, `list_errors`, `scanner_version` ON `server_surfaces` BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `server_versions_verdict_ai` AFTER INSERT ON `server_versions` BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `server_versions_verdict_au` AFTER UPDATE OF `status`, `published_at` ON `server_versions` BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
