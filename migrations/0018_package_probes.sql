CREATE TABLE `package_probe_schedule` (
	`server_id` text PRIMARY KEY NOT NULL,
	`version` text,
	`due_at` text NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_status` text,
	`last_probe_at` text,
	`job_id` text,
	`job_version` text,
	`lease_until` text,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_probe_schedule_due_idx` ON `package_probe_schedule` (`due_at`);--> statement-breakpoint
DROP INDEX `server_surfaces_version_hash_uq`;--> statement-breakpoint
CREATE UNIQUE INDEX `server_surfaces_version_hash_uq` ON `server_surfaces` (`server_id`,`version`,`source`,`hash`);