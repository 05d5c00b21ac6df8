CREATE TABLE `probe_days` (
	`server_id` text NOT NULL,
	`day` text NOT NULL,
	`probes` integer NOT NULL,
	`ok` integer NOT NULL,
	`reached_ms` integer NOT NULL,
	`reached` integer NOT NULL,
	PRIMARY KEY(`server_id`, `day`),
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `probe_schedule` (
	`server_id` text PRIMARY KEY NOT NULL,
	`version` text,
	`due_at` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_status` text,
	`last_probe_at` text,
	`lease_until` text,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `probe_schedule_due_idx` ON `probe_schedule` (`due_at`);--> statement-breakpoint
CREATE TABLE `server_probes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`version` text NOT NULL,
	`target` text NOT NULL,
	`transport` text,
	`protocol_version` text,
	`status` text NOT NULL,
	`error` text,
	`auth_metadata_url` text,
	`missing_variable` text,
	`surface_hash` text,
	`started_at` text NOT NULL,
	`duration_ms` integer NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `server_probes_server_idx` ON `server_probes` (`server_id`,`started_at`);--> statement-breakpoint
CREATE INDEX `server_probes_started_idx` ON `server_probes` (`started_at`);--> statement-breakpoint
CREATE TABLE `server_surfaces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`server_id` text NOT NULL,
	`version` text NOT NULL,
	`hash` text NOT NULL,
	`surface` text NOT NULL,
	`tool_hashes` text NOT NULL,
	`tool_count` integer NOT NULL,
	`source` text NOT NULL,
	`protocol_version` text,
	`transport` text,
	`server_card` text,
	`first_seen_at` text NOT NULL,
	`last_seen_at` text NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `server_surfaces_version_hash_uq` ON `server_surfaces` (`server_id`,`version`,`hash`);--> statement-breakpoint
CREATE INDEX `server_surfaces_seen_idx` ON `server_surfaces` (`server_id`,`last_seen_at`);--> statement-breakpoint
ALTER TABLE `servers` ADD `tool_count` integer;--> statement-breakpoint
ALTER TABLE `servers` ADD `tool_text` text;--> statement-breakpoint
-- Cards show the tool count and searches find tools, so a surface read for the current version
-- changes what guests see: it bumps the content version like the other fields guests see
-- (hand-written, as 0005 was).
DROP TRIGGER `servers_version_au`;--> statement-breakpoint
CREATE TRIGGER `servers_version_au` AFTER UPDATE OF
  `name`, `registry_name`, `display_name`, `description`, `author`, `version`, `icon`, `github_url`, `readme_text`, `tags`,
  `packages`, `remotes`, `metadata`, `status`, `like_count`, `install_command`, `updated_at`, `tool_count`, `tool_text`
ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
