ALTER TABLE `server_verdicts` ADD `checked_at` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `server_verdicts_checked_idx` ON `server_verdicts` (`checked_at`);--> statement-breakpoint
-- The verdict's inputs the watch writes beside the listing's band: the version a package installs
-- and a pinned version the registry does not have (install readiness). Its band is the listing's
-- supply_band, which 0028's trigger on servers already follows.
CREATE TRIGGER `listing_packages_verdict_ai` AFTER INSERT ON `listing_packages` BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `listing_packages_verdict_au` AFTER UPDATE OF `install_version`, `pinned` ON `listing_packages`
WHEN old.install_version IS NOT new.install_version OR old.pinned IS NOT new.pinned BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE id = new.server_id AND verdict_rev <> 0;
END;
--> statement-breakpoint
CREATE TRIGGER `package_versions_verdict_ai` AFTER INSERT ON `package_versions` WHEN new.missing BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE verdict_rev <> 0
    AND id IN (SELECT server_id FROM listing_packages WHERE package_id = new.package_id AND pinned = new.version);
END;
--> statement-breakpoint
CREATE TRIGGER `package_versions_verdict_au` AFTER UPDATE OF `missing` ON `package_versions` WHEN old.missing IS NOT new.missing BEGIN
  UPDATE servers SET verdict_rev = 0 WHERE verdict_rev <> 0
    AND id IN (SELECT server_id FROM listing_packages WHERE package_id = new.package_id AND pinned = new.version);
END;
