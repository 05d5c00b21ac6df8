-- Public reads that cost the same rows at any catalogue size (issue 36), hand-written.
--
-- An author's feed: the newest active servers of a repository owner, or of an author field
-- without a repository (any case), each read from an index in the feed's order, so it stops
-- after the feed's entries instead of reading every server of the author.
CREATE INDEX `servers_owner_feed_idx` ON `servers` (`repo_owner`,`status`,`updated_at`,`id`);
--> statement-breakpoint
CREATE INDEX `servers_author_feed_idx` ON `servers` ("author" COLLATE NOCASE,`status`,`updated_at`,`id`) WHERE `repo_owner` IS NULL;
--> statement-breakpoint
-- The sitemap index: a server page's newest change is the first entry of its (status, page)
-- group, one index entry per page. The page expression must stay the one worker/db/sitemaps.ts
-- writes (50,000 is SITEMAP_URLS, the protocol's bound on a page), or SQLite cannot use it.
CREATE INDEX `servers_sitemap_page_idx` ON `servers` (`status`,((`seq` - 1) / 50000 + 1),`updated_at`);
--> statement-breakpoint
-- The advisory's figures (/api/security/scan-stats), kept by the triggers below instead of
-- counting every surface, finding and server on each request. `scan_counts` holds 'surfaces'
-- (surfaces scanned), 'servers' (servers with one), and 'risk:<level>' (active servers at each
-- listing risk); `finding_counts` the findings per class and severity not dismissed by a review.
CREATE TABLE `scan_counts` (
	`name` text PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `finding_counts` (
	`class` text NOT NULL,
	`severity` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`class`, `severity`)
);
--> statement-breakpoint
-- The newest scanned surface, for "last scan": one entry from the end.
CREATE INDEX `server_surfaces_scanned_idx` ON `server_surfaces` (`first_seen_at`) WHERE `scanner_version` IS NOT NULL;
--> statement-breakpoint
-- The findings a review item decides: what a decision recounts (and what decideReview reads).
CREATE INDEX `surface_findings_review_idx` ON `surface_findings` (`review_id`) WHERE `review_id` IS NOT NULL;
--> statement-breakpoint
INSERT INTO `scan_counts` (name, n)
  SELECT 'surfaces', count(*) FROM server_surfaces WHERE scanner_version IS NOT NULL
  UNION ALL SELECT 'servers', count(DISTINCT server_id) FROM server_surfaces WHERE scanner_version IS NOT NULL
  UNION ALL SELECT 'risk:' || risk, count(*) FROM servers WHERE status = 'active' AND risk IS NOT NULL GROUP BY risk;
--> statement-breakpoint
INSERT INTO `finding_counts` (class, severity, n)
  SELECT f.class, f.severity, count(*) FROM surface_findings f LEFT JOIN review_items r ON r.id = f.review_id
  WHERE coalesce(r.status, 'open') <> 'dismissed' GROUP BY f.class, f.severity;
--> statement-breakpoint
-- A listing's risk counts while it is active and has one.
CREATE TRIGGER `servers_risk_counts_ai` AFTER INSERT ON `servers` WHEN new.status = 'active' AND new.risk IS NOT NULL BEGIN
  INSERT OR IGNORE INTO scan_counts (name, n) VALUES ('risk:' || new.risk, 0);
  UPDATE scan_counts SET n = n + 1 WHERE name = 'risk:' || new.risk;
END;
--> statement-breakpoint
CREATE TRIGGER `servers_risk_counts_ad` AFTER DELETE ON `servers` WHEN old.status = 'active' AND old.risk IS NOT NULL BEGIN
  UPDATE scan_counts SET n = n - 1 WHERE name = 'risk:' || old.risk;
END;
--> statement-breakpoint
CREATE TRIGGER `servers_risk_counts_au` AFTER UPDATE OF status, risk ON `servers`
  WHEN old.status IS NOT new.status OR old.risk IS NOT new.risk BEGIN
  UPDATE scan_counts SET n = n - 1 WHERE old.status = 'active' AND name = 'risk:' || old.risk;
  INSERT OR IGNORE INTO scan_counts (name, n) SELECT 'risk:' || new.risk, 0 WHERE new.status = 'active' AND new.risk IS NOT NULL;
  UPDATE scan_counts SET n = n + 1 WHERE new.status = 'active' AND name = 'risk:' || new.risk;
END;
--> statement-breakpoint
-- A surface counts once scanned (scanner_version set); its server counts while one of its surfaces does.
CREATE TRIGGER `server_surfaces_counts_ai` AFTER INSERT ON `server_surfaces` WHEN new.scanner_version IS NOT NULL BEGIN
  INSERT OR IGNORE INTO scan_counts (name, n) VALUES ('surfaces', 0), ('servers', 0);
  UPDATE scan_counts SET n = n + 1 WHERE name = 'surfaces';
  UPDATE scan_counts SET n = n + 1 WHERE name = 'servers' AND NOT EXISTS
    (SELECT 1 FROM server_surfaces s WHERE s.server_id = new.server_id AND s.scanner_version IS NOT NULL AND s.id <> new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `server_surfaces_counts_ad` AFTER DELETE ON `server_surfaces` WHEN old.scanner_version IS NOT NULL BEGIN
  UPDATE scan_counts SET n = n - 1 WHERE name = 'surfaces';
  UPDATE scan_counts SET n = n - 1 WHERE name = 'servers' AND NOT EXISTS
    (SELECT 1 FROM server_surfaces s WHERE s.server_id = old.server_id AND s.scanner_version IS NOT NULL);
END;
--> statement-breakpoint
-- A surface's server never changes; only whether it was scanned does.
CREATE TRIGGER `server_surfaces_counts_au` AFTER UPDATE OF scanner_version ON `server_surfaces`
  WHEN (old.scanner_version IS NULL) IS NOT (new.scanner_version IS NULL) BEGIN
  INSERT OR IGNORE INTO scan_counts (name, n) VALUES ('surfaces', 0), ('servers', 0);
  UPDATE scan_counts SET n = n + CASE WHEN new.scanner_version IS NULL THEN -1 ELSE 1 END WHERE name = 'surfaces';
  UPDATE scan_counts SET n = n + CASE WHEN new.scanner_version IS NULL THEN -1 ELSE 1 END WHERE name = 'servers' AND NOT EXISTS
    (SELECT 1 FROM server_surfaces s WHERE s.server_id = new.server_id AND s.scanner_version IS NOT NULL AND s.id <> new.id);
END;
--> statement-breakpoint
-- A finding counts unless the review item it names is dismissed (a missing item is open).
CREATE TRIGGER `surface_findings_counts_ai` AFTER INSERT ON `surface_findings`
  WHEN NOT EXISTS (SELECT 1 FROM review_items r WHERE r.id = new.review_id AND r.status = 'dismissed') BEGIN
  INSERT OR IGNORE INTO finding_counts (class, severity, n) VALUES (new.class, new.severity, 0);
  UPDATE finding_counts SET n = n + 1 WHERE class = new.class AND severity = new.severity;
END;
--> statement-breakpoint
CREATE TRIGGER `surface_findings_counts_ad` AFTER DELETE ON `surface_findings`
  WHEN NOT EXISTS (SELECT 1 FROM review_items r WHERE r.id = old.review_id AND r.status = 'dismissed') BEGIN
  UPDATE finding_counts SET n = n - 1 WHERE class = old.class AND severity = old.severity;
END;
--> statement-breakpoint
CREATE TRIGGER `surface_findings_counts_au` AFTER UPDATE OF class, severity, review_id ON `surface_findings` BEGIN
  UPDATE finding_counts SET n = n - 1 WHERE class = old.class AND severity = old.severity
    AND NOT EXISTS (SELECT 1 FROM review_items r WHERE r.id = old.review_id AND r.status = 'dismissed');
  INSERT OR IGNORE INTO finding_counts (class, severity, n) VALUES (new.class, new.severity, 0);
  UPDATE finding_counts SET n = n + 1 WHERE class = new.class AND severity = new.severity
    AND NOT EXISTS (SELECT 1 FROM review_items r WHERE r.id = new.review_id AND r.status = 'dismissed');
END;
--> statement-breakpoint
-- A review item dismissed (or no longer dismissed, or deleted while dismissed) moves its findings.
CREATE TRIGGER `review_items_counts_au` AFTER UPDATE OF status ON `review_items`
  WHEN (old.status = 'dismissed') IS NOT (new.status = 'dismissed') BEGIN
  INSERT OR IGNORE INTO finding_counts (class, severity, n)
    SELECT DISTINCT f.class, f.severity, 0 FROM surface_findings f WHERE f.review_id = new.id;
  UPDATE finding_counts SET n = n + CASE WHEN new.status = 'dismissed' THEN -1 ELSE 1 END * (SELECT count(*) FROM surface_findings f
      WHERE f.review_id = new.id AND f.class = finding_counts.class AND f.severity = finding_counts.severity)
    WHERE (class, severity) IN (SELECT f.class, f.severity FROM surface_findings f WHERE f.review_id = new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `review_items_counts_ad` AFTER DELETE ON `review_items` WHEN old.status = 'dismissed' BEGIN
  INSERT OR IGNORE INTO finding_counts (class, severity, n)
    SELECT DISTINCT f.class, f.severity, 0 FROM surface_findings f WHERE f.review_id = old.id;
  UPDATE finding_counts SET n = n + (SELECT count(*) FROM surface_findings f
      WHERE f.review_id = old.id AND f.class = finding_counts.class AND f.severity = finding_counts.severity)
    WHERE (class, severity) IN (SELECT f.class, f.severity FROM surface_findings f WHERE f.review_id = old.id);
END;
--> statement-breakpoint
CREATE TRIGGER `review_items_counts_ai` AFTER INSERT ON `review_items` WHEN new.status = 'dismissed' BEGIN
  UPDATE finding_counts SET n = n - (SELECT count(*) FROM surface_findings f
      WHERE f.review_id = new.id AND f.class = finding_counts.class AND f.severity = finding_counts.severity)
    WHERE (class, severity) IN (SELECT f.class, f.severity FROM surface_findings f WHERE f.review_id = new.id);
END;
