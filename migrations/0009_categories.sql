CREATE TABLE `server_categories` (
	`server_id` text NOT NULL,
	`category` text NOT NULL,
	`source` text DEFAULT 'auto' NOT NULL,
	PRIMARY KEY(`category`, `server_id`),
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `server_categories_server_idx` ON `server_categories` (`server_id`);--> statement-breakpoint
ALTER TABLE `servers` ADD `categories` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
CREATE INDEX `servers_unclassified_idx` ON `servers` (`seq`) WHERE "servers"."categories" = '[]';--> statement-breakpoint
-- Hand-written: a change of categories alone (the backfill, a reclassification) is something
-- guests see on cards and in the facet, so it bumps the guests' cache version like other edits.
CREATE TRIGGER `servers_version_categories_au` AFTER UPDATE OF `categories` ON `servers` BEGIN
  UPDATE content_versions SET version = version + 1 WHERE scope = 'servers';
END;
