-- What guests see of servers changes only through these writes; each one bumps the 'servers'
-- version, which keys the guests' edge cache, so no cached list, search, detail or README
-- outlives the write (hand-written). Left out on purpose: views and popularity (ordering only)
-- and the repository facts written back from GitHub (stars, avatar, licence), which change
-- constantly and are outside facts that may lag as their own caches do.
INSERT OR IGNORE INTO `content_versions` (scope, version) VALUES ('servers', 0);
--> statement-breakpoint
CREATE TRIGGER `servers_version_ai` AFTER INSERT ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
--> statement-breakpoint
CREATE TRIGGER `servers_version_ad` AFTER DELETE ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
--> statement-breakpoint
CREATE TRIGGER `servers_version_au` AFTER UPDATE OF
  `name`, `registry_name`, `display_name`, `description`, `author`, `version`, `icon`, `github_url`, `readme_text`, `tags`,
  `packages`, `remotes`, `metadata`, `status`, `like_count`, `install_command`, `updated_at`
ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
--> statement-breakpoint
CREATE TRIGGER `featured_version_ai` AFTER INSERT ON `featured` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
--> statement-breakpoint
CREATE TRIGGER `featured_version_au` AFTER UPDATE ON `featured` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
--> statement-breakpoint
CREATE TRIGGER `featured_version_ad` AFTER DELETE ON `featured` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
