ALTER TABLE `servers` ADD `card_install` text;--> statement-breakpoint
ALTER TABLE `servers` ADD `card_install_rev` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `servers_card_install_rev_idx` ON `servers` (`card_install_rev`);--> statement-breakpoint
-- A stored card command stands for the listing it was generated from: when the name, version,
-- packages or remotes change, it stops standing (rev 0) until the cron generates it again, and
-- until then cards generate it per request, as they did before it was kept.
CREATE TRIGGER `servers_card_install_au` AFTER UPDATE OF `name`, `version`, `packages`, `remotes` ON `servers`
WHEN old.name IS NOT new.name OR old.version IS NOT new.version OR old.packages IS NOT new.packages OR old.remotes IS NOT new.remotes
BEGIN
  UPDATE `servers` SET `card_install_rev` = 0 WHERE `seq` = new.seq;
END;
