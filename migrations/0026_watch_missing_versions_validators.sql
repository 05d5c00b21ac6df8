-- The supply-chain watch says only what it saw (issue 43, hand-written): a pinned version the
-- registry does not have and the watch never read is `missing` (not found in the registry), apart
-- from one `removed` after it was read; and a registry that sends no ETag is read conditionally on
-- its Last-Modified, else an unchanged body is known by its hash.
ALTER TABLE `package_versions` ADD `missing` integer DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE `watched_packages` ADD `last_modified` text;
--> statement-breakpoint
ALTER TABLE `watched_packages` ADD `content_hash` text;
--> statement-breakpoint
-- What the watch stored before as "removed" but never read (no publish time, no facts, no
-- publisher, never anyone's history) was a pinned version it did not find: not found, not unpublished.
UPDATE `package_versions` SET `missing` = 1, `removed` = 0, `score` = 0, `band` = 'none', `signals` = '[]'
WHERE `removed` = 1 AND `published_at` IS NULL AND json_extract(`facts`, '$.publisher') IS NULL
  AND json_extract(`facts`, '$.fileCount') IS NULL AND json_extract(`facts`, '$.unpackedSize') IS NULL
  AND json_array_length(json_extract(`facts`, '$.maintainers')) = 0;
