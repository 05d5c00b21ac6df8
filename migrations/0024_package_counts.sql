-- The number of public and private packages, kept by triggers, so the package list's total is one
-- primary-key read rather than a count of every public package on every request (hand-written).
CREATE TABLE `package_counts` (
	`is_public` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `package_counts` (is_public, n)
  SELECT v.is_public, (SELECT count(*) FROM packages WHERE packages.is_public = v.is_public)
  FROM (SELECT 0 AS is_public UNION ALL SELECT 1) v;
--> statement-breakpoint
CREATE TRIGGER `packages_counts_ai` AFTER INSERT ON `packages` BEGIN
  UPDATE package_counts SET n = n + 1 WHERE is_public = (new.is_public <> 0);
END;
--> statement-breakpoint
CREATE TRIGGER `packages_counts_ad` AFTER DELETE ON `packages` BEGIN
  UPDATE package_counts SET n = n - 1 WHERE is_public = (old.is_public <> 0);
END;
--> statement-breakpoint
CREATE TRIGGER `packages_counts_au` AFTER UPDATE OF is_public ON `packages`
  WHEN (old.is_public <> 0) IS NOT (new.is_public <> 0) BEGIN
  UPDATE package_counts SET n = n - 1 WHERE is_public = (old.is_public <> 0);
  UPDATE package_counts SET n = n + 1 WHERE is_public = (new.is_public <> 0);
END;
