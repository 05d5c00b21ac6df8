-- The number of servers per status, kept by triggers, so the unfiltered list's total is one
-- primary-key read instead of counting every active server on every request (hand-written).
INSERT OR REPLACE INTO `server_counts` (status, n)
  SELECT s.status, (SELECT count(*) FROM servers WHERE servers.status = s.status)
  FROM (SELECT 'active' AS status UNION ALL SELECT 'pending' UNION ALL SELECT 'deleted') s;
--> statement-breakpoint
CREATE TRIGGER `servers_counts_ai` AFTER INSERT ON `servers` BEGIN
  INSERT OR IGNORE INTO server_counts (status, n) VALUES (new.status, 0);
  UPDATE server_counts SET n = n + 1 WHERE status = new.status;
END;
--> statement-breakpoint
CREATE TRIGGER `servers_counts_ad` AFTER DELETE ON `servers` BEGIN
  UPDATE server_counts SET n = n - 1 WHERE status = old.status;
END;
--> statement-breakpoint
CREATE TRIGGER `servers_counts_au` AFTER UPDATE OF status ON `servers` WHEN old.status IS NOT new.status BEGIN
  UPDATE server_counts SET n = n - 1 WHERE status = old.status;
  INSERT OR IGNORE INTO server_counts (status, n) VALUES (new.status, 0);
  UPDATE server_counts SET n = n + 1 WHERE status = new.status;
END;
