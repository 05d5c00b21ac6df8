-- Why a probe failed (its cause, finer than its status) and which announced lists it could not
-- read, kept with each probe; the surface keeps the lists it was read without, and each schedule
-- row its latest probe's cause and wanted variable, which the admin screen groups by (hand-written).
ALTER TABLE `server_probes` ADD `cause` text;
--> statement-breakpoint
ALTER TABLE `server_probes` ADD `list_errors` text;
--> statement-breakpoint
ALTER TABLE `server_surfaces` ADD `list_errors` text;
--> statement-breakpoint
ALTER TABLE `probe_schedule` ADD `last_cause` text;
--> statement-breakpoint
ALTER TABLE `probe_schedule` ADD `last_variable` text;
--> statement-breakpoint
ALTER TABLE `package_probe_schedule` ADD `last_cause` text;
--> statement-breakpoint
ALTER TABLE `package_probe_schedule` ADD `last_variable` text;
