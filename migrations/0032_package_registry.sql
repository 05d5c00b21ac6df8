ALTER TABLE `package_servers` ADD `version` text;--> statement-breakpoint
ALTER TABLE `packages` ADD `registry_key_rev` integer DEFAULT 0 NOT NULL;