CREATE TABLE `listing_packages` (
	`server_id` text NOT NULL,
	`package_id` integer NOT NULL,
	`pinned` text,
	`install_version` text,
	`held_back` text,
	`band` text,
	PRIMARY KEY(`server_id`, `package_id`),
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `watched_packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `listing_packages_package_idx` ON `listing_packages` (`package_id`);--> statement-breakpoint
CREATE TABLE `package_versions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`package_id` integer NOT NULL,
	`version` text NOT NULL,
	`published_at` text,
	`seen_at` text NOT NULL,
	`facts` text NOT NULL,
	`removed` integer DEFAULT false NOT NULL,
	`history` integer DEFAULT false NOT NULL,
	`score` integer NOT NULL,
	`band` text NOT NULL,
	`signals` text NOT NULL,
	`scorer_version` integer NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `watched_packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `package_versions_version_uq` ON `package_versions` (`package_id`,`version`);--> statement-breakpoint
CREATE INDEX `package_versions_seen_idx` ON `package_versions` (`seen_at`);--> statement-breakpoint
CREATE INDEX `package_versions_band_idx` ON `package_versions` (`band`,`seen_at`);--> statement-breakpoint
CREATE TABLE `watched_packages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`registry` text NOT NULL,
	`name` text NOT NULL,
	`etag` text,
	`latest_version` text,
	`created_at` text NOT NULL,
	`due_at` text NOT NULL,
	`priority` integer DEFAULT 0 NOT NULL,
	`lease_until` text,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_status` text,
	`last_error` text,
	`checked_at` text,
	`verified_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `watched_packages_name_uq` ON `watched_packages` (`registry`,`name`);--> statement-breakpoint
CREATE INDEX `watched_packages_due_idx` ON `watched_packages` ("priority" DESC,`due_at`);--> statement-breakpoint
ALTER TABLE `servers` ADD `supply_band` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `supply_rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `servers_supply_rev_idx` ON `servers` (`seq`) WHERE "servers"."supply_rev" = 0;--> statement-breakpoint
-- Hand-written: a listing whose packages or status change is enrolled again by the watch's cron
-- (worker/db/supply.ts), as the kept install output is filled again.
CREATE TRIGGER `servers_supply_au` AFTER UPDATE OF `packages`, `status` ON `servers`
WHEN old.`packages` IS NOT new.`packages` OR old.`status` IS NOT new.`status`
BEGIN
  UPDATE `servers` SET `supply_rev` = 0 WHERE `seq` = new.`seq`;
END;--> statement-breakpoint
-- Cards show the supply band, so a new one bumps the content version guests' caches key on.
DROP TRIGGER `servers_version_au`;--> statement-breakpoint
CREATE TRIGGER `servers_version_au` AFTER UPDATE OF
  `name`, `registry_name`, `display_name`, `description`, `author`, `version`, `icon`, `github_url`, `readme_text`, `tags`,
  `packages`, `remotes`, `metadata`, `status`, `like_count`, `install_command`, `updated_at`, `tool_count`, `tool_text`, `risk`,
  `supply_band`
ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;--> statement-breakpoint
-- A server's page shows its packages' versions: a version scored again, or a listing's choice
-- changed, is news to guests' cached pages too. (New versions bump it once per store, in
-- worker/db/supply.ts: a first read inserts twenty.)
CREATE TRIGGER `package_versions_au` AFTER UPDATE OF `removed`, `score`, `band`, `signals`, `facts` ON `package_versions` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;--> statement-breakpoint
CREATE TRIGGER `listing_packages_au` AFTER UPDATE OF `install_version`, `held_back`, `band` ON `listing_packages`
WHEN old.install_version IS NOT new.install_version OR old.held_back IS NOT new.held_back OR old.band IS NOT new.band
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;--> statement-breakpoint
-- An unpinned package whose version the watch chose (a newer one held back) is pinned in the
-- listing's kept install output too: a change of that choice marks the output for the cron's fill.
CREATE TRIGGER `listing_packages_install_au` AFTER UPDATE OF `install_version`, `held_back` ON `listing_packages`
WHEN new.pinned IS NULL AND (old.install_version IS NOT new.install_version OR old.held_back IS NOT new.held_back)
BEGIN
  UPDATE `servers` SET `install_rev` = 0 WHERE `id` = new.server_id;
END;
