CREATE TABLE `review_items` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`server_id` text NOT NULL,
	`key` text NOT NULL,
	`severity` text NOT NULL,
	`title` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`decided_by` text,
	`decided_at` text,
	`decision_reason` text,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `review_items_key_uq` ON `review_items` (`server_id`,`kind`,`key`);--> statement-breakpoint
CREATE INDEX `review_items_status_idx` ON `review_items` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `surface_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`surface_id` integer NOT NULL,
	`source` text NOT NULL,
	`hash` text NOT NULL,
	`previous_hash` text,
	`listing_version` text NOT NULL,
	`diff` text,
	`without_new_version` integer DEFAULT false NOT NULL,
	`new_findings` integer DEFAULT 0 NOT NULL,
	`risk` text NOT NULL,
	`summary` text NOT NULL,
	`alert` integer NOT NULL,
	`created_at` text NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`surface_id`) REFERENCES `server_surfaces`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `surface_changes_server_idx` ON `surface_changes` (`server_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `surface_findings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`surface_id` integer NOT NULL,
	`server_id` text NOT NULL,
	`rule` text NOT NULL,
	`class` text NOT NULL,
	`severity` text NOT NULL,
	`kind` text NOT NULL,
	`item` text,
	`field` text NOT NULL,
	`start` integer NOT NULL,
	`end` integer NOT NULL,
	`excerpt` text NOT NULL,
	`reason` text NOT NULL,
	`review_id` integer,
	FOREIGN KEY (`surface_id`) REFERENCES `server_surfaces`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `surface_findings_surface_idx` ON `surface_findings` (`surface_id`);--> statement-breakpoint
CREATE INDEX `surface_findings_class_idx` ON `surface_findings` (`class`,`severity`);--> statement-breakpoint
ALTER TABLE `server_surfaces` ADD `risk` text;--> statement-breakpoint
ALTER TABLE `server_surfaces` ADD `scanner_version` integer;--> statement-breakpoint
ALTER TABLE `servers` ADD `risk` text;--> statement-breakpoint
-- Cards show the risk level, so a new one bumps the content version guests' caches key on, like
-- the other fields guests see (hand-written, as 0016 was).
DROP TRIGGER `servers_version_au`;--> statement-breakpoint
CREATE TRIGGER `servers_version_au` AFTER UPDATE OF
  `name`, `registry_name`, `display_name`, `description`, `author`, `version`, `icon`, `github_url`, `readme_text`, `tags`,
  `packages`, `remotes`, `metadata`, `status`, `like_count`, `install_command`, `updated_at`, `tool_count`, `tool_text`, `risk`
ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
