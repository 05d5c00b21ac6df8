CREATE INDEX `servers_sitemap_idx` ON `servers` (`status`,`seq`,`updated_at`,`id`);--> statement-breakpoint
CREATE INDEX `servers_author_idx` ON `servers` ("author" COLLATE NOCASE,`repo_owner`);