-- Where a surface came from when it was not read by this catalogue's own probes: the probe
-- runner's version and fence that read it, for a surface shipped with the catalogue's data
-- (data/package-surfaces-*.json, loaded on the first start by scripts/seed.ts). JSON, null for a
-- surface read here; a live read of the same surface clears it (hand-written).
ALTER TABLE `server_surfaces` ADD `shipped` text;
