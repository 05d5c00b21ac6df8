CREATE TABLE `activities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`server_id` text NOT NULL,
	`activity_type` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `activities_user_idx` ON `activities` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `activities_server_idx` ON `activities` (`server_id`,`activity_type`,`created_at`);--> statement-breakpoint
CREATE TABLE `featured` (
	`server_id` text PRIMARY KEY NOT NULL,
	`comment_html` text DEFAULT '' NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`publish_start_at` text,
	`publish_end_at` text,
	`updated_by` text,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `featured_active_idx` ON `featured` (`is_active`,`sort_order`);--> statement-breakpoint
CREATE TABLE `follows` (
	`user_id` text NOT NULL,
	`author_name` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `author_name`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `package_comments` (
	`id` text PRIMARY KEY NOT NULL,
	`package_id` text NOT NULL,
	`user_id` text,
	`author_name` text,
	`content` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `package_comments_package_idx` ON `package_comments` (`package_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `package_likes` (
	`user_id` text NOT NULL,
	`package_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `package_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_likes_package_idx` ON `package_likes` (`package_id`);--> statement-breakpoint
CREATE TABLE `package_servers` (
	`package_id` text NOT NULL,
	`server_id` text NOT NULL,
	`added_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`package_id`, `server_id`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `package_servers_server_idx` ON `package_servers` (`server_id`);--> statement-breakpoint
CREATE TABLE `package_views` (
	`package_id` text NOT NULL,
	`visitor_hash` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`package_id`, `visitor_hash`, `day`),
	FOREIGN KEY (`package_id`) REFERENCES `packages`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `packages` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`description` text,
	`is_public` integer DEFAULT false NOT NULL,
	`recommendation_message` text,
	`like_count` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`server_count` integer DEFAULT 0 NOT NULL,
	`ranking_score` real DEFAULT 0 NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `packages_user_idx` ON `packages` (`user_id`);--> statement-breakpoint
CREATE INDEX `packages_ranking_idx` ON `packages` (`is_public`,"ranking_score" DESC,`id`);--> statement-breakpoint
CREATE INDEX `packages_likes_idx` ON `packages` (`is_public`,"like_count" DESC,`id`);--> statement-breakpoint
CREATE INDEX `packages_updated_idx` ON `packages` (`is_public`,"updated_at" DESC,`id`);--> statement-breakpoint
CREATE INDEX `packages_created_idx` ON `packages` (`is_public`,"created_at" DESC,`id`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `server_likes` (
	`user_id` text NOT NULL,
	`server_id` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	PRIMARY KEY(`user_id`, `server_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `server_likes_server_idx` ON `server_likes` (`server_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `server_revisions` (
	`id` text PRIMARY KEY NOT NULL,
	`server_id` text NOT NULL,
	`user_id` text,
	`before` text,
	`after` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `server_revisions_server_idx` ON `server_revisions` (`server_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `server_tags` (
	`server_id` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`tag`, `server_id`),
	FOREIGN KEY (`server_id`) REFERENCES `servers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `server_tags_server_idx` ON `server_tags` (`server_id`);--> statement-breakpoint
CREATE TABLE `servers` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`name` text NOT NULL,
	`registry_name` text,
	`display_name` text NOT NULL,
	`description` text NOT NULL,
	`author` text DEFAULT '' NOT NULL,
	`version` text DEFAULT '1.0.0' NOT NULL,
	`icon` text,
	`github_url` text,
	`repo_owner` text,
	`readme_text` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`packages` text DEFAULT '[]' NOT NULL,
	`remotes` text DEFAULT '[]' NOT NULL,
	`metadata` text DEFAULT '{}' NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`like_count` integer DEFAULT 0 NOT NULL,
	`view_count` integer DEFAULT 0 NOT NULL,
	`stars` integer DEFAULT 0 NOT NULL,
	`popularity` integer DEFAULT 0 NOT NULL,
	`owner_avatar_url` text,
	`license` text,
	`install_command` text,
	`created_by` text,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `servers_id_uq` ON `servers` (`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `servers_registry_name_uq` ON `servers` (`registry_name`);--> statement-breakpoint
CREATE INDEX `servers_github_url_idx` ON `servers` (`github_url`);--> statement-breakpoint
CREATE INDEX `servers_repo_owner_idx` ON `servers` (`repo_owner`);--> statement-breakpoint
CREATE INDEX `servers_created_by_idx` ON `servers` (`created_by`);--> statement-breakpoint
CREATE INDEX `servers_stars_idx` ON `servers` (`status`,"stars" DESC,"popularity" DESC,`id`);--> statement-breakpoint
CREATE INDEX `servers_likes_idx` ON `servers` (`status`,"like_count" DESC,`id`);--> statement-breakpoint
CREATE INDEX `servers_updated_idx` ON `servers` (`status`,"updated_at" DESC,`id`);--> statement-breakpoint
CREATE INDEX `servers_created_idx` ON `servers` (`status`,"created_at" DESC,`id`);--> statement-breakpoint
CREATE INDEX `servers_popularity_idx` ON `servers` (`status`,"popularity" DESC,`id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` text NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`github_id` integer,
	`login` text NOT NULL,
	`name` text,
	`email` text,
	`avatar_url` text,
	`role` text DEFAULT 'user' NOT NULL,
	`created_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL,
	`updated_at` text DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ','now')) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_login_uq` ON `users` (`login`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_github_id_uq` ON `users` (`github_id`);