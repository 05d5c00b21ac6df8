-- Which protocol generations answered each probe (the 2026-07-28 stateless exchange, the
-- initialize handshake, the old HTTP+SSE transport), as JSON: {"stateless":true,"initialize":false}.
-- Null when the probe told nothing of them, as every probe stored before this column (hand-written).
ALTER TABLE `server_probes` ADD `generations` text;
