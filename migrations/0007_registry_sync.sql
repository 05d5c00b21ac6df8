CREATE TABLE `server_versions` (
	`server_id` text NOT NULL,
	`version` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`published_at` text,
	`upstream_updated_at` text,
	`packages` text DEFAULT '[]' NOT NULL,
	`remotes` text DEFAULT '[]' NOT NULL,
	PRIMARY KEY(`server_id`, `version`),
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `sync_refusals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`run_id` integer NOT NULL,
	`name` text NOT NULL,
	`version` text,
	`reason` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`run_id`) REFERENCES `sync_runs`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sync_refusals_run_idx` ON `sync_refusals` (`run_id`);--> statement-breakpoint
CREATE TABLE `sync_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`status` text DEFAULT 'running' NOT NULL,
	`updated_since` text,
	`cursor` text,
	`lease_until` text,
	`invocations` integer DEFAULT 0 NOT NULL,
	`pages` integer DEFAULT 0 NOT NULL,
	`added` integer DEFAULT 0 NOT NULL,
	`updated` integer DEFAULT 0 NOT NULL,
	`hidden` integer DEFAULT 0 NOT NULL,
	`refused` integer DEFAULT 0 NOT NULL,
	`error_count` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`started_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`finished_at` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sync_runs_one_running_uq` ON `sync_runs` (`status`) WHERE status = 'running';--> statement-breakpoint
CREATE INDEX `sync_runs_started_idx` ON `sync_runs` (`started_at`);--> statement-breakpoint
ALTER TABLE `servers` ADD `source` text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE `servers` ADD `synced_at` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `upstream_updated_at` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `upstream_status` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `upstream_status_message` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `local_edits` text DEFAULT '[]' NOT NULL;