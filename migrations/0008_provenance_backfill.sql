-- Provenance of listings written before the sync existed (hand-written): those with a registry
-- name came from an imported registry file; the rest were registered here (the column default).
UPDATE `servers` SET `source` = 'import' WHERE `registry_name` IS NOT NULL;
