-- The registry API's entries carry each listing's install options with every client's command;
-- like the card command (0014) they are now kept, generated once by the cron rather than for
-- every entry of every page. One revision stands for both: renamed to say so, with its index.
ALTER TABLE `servers` ADD `registry_install` text;--> statement-breakpoint
DROP INDEX `servers_card_install_rev_idx`;--> statement-breakpoint
ALTER TABLE `servers` RENAME COLUMN `card_install_rev` TO `install_rev`;--> statement-breakpoint
CREATE INDEX `servers_install_rev_idx` ON `servers` (`install_rev`);--> statement-breakpoint
-- Kept install output stands for the listing it was generated from. The registry's entries are
-- generated under the name they are served by, so a change of the registry name also stops it.
DROP TRIGGER `servers_card_install_au`;--> statement-breakpoint
CREATE TRIGGER `servers_install_au` AFTER UPDATE OF `name`, `registry_name`, `version`, `packages`, `remotes` ON `servers`
WHEN old.name IS NOT new.name OR old.registry_name IS NOT new.registry_name OR old.version IS NOT new.version
  OR old.packages IS NOT new.packages OR old.remotes IS NOT new.remotes
BEGIN
  UPDATE `servers` SET `install_rev` = 0 WHERE `seq` = new.seq;
END;
