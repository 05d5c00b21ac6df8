-- A rescan run per scanner version (worker/services/scanning/rescan.ts): when SCANNER_VERSION
-- changes, the cron scans stored surfaces again a batch at a time, and each batch adds to its
-- run what the rescanned surfaces held before and hold after. Per-surface sums are exact however
-- many batches the run takes, as each surface is rescanned once per version; a listing is one
-- row, its risk before its first rescanned surface and after its last.
CREATE TABLE `rescan_runs` (
	`scanner_version` integer PRIMARY KEY NOT NULL,
	`started_at` text NOT NULL,
	`finished_at` text,
	`surfaces_total` integer DEFAULT 0 NOT NULL,
	`surfaces_rescanned` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rescan_runs_started_idx` ON `rescan_runs` (`started_at`);--> statement-breakpoint
-- Open findings (not dismissed) by severity and by class, and surfaces by risk, of the rescanned
-- surfaces, before and after: `measure` is 'severity', 'class' or 'surface_risk', `key` its value.
CREATE TABLE `rescan_run_counts` (
	`scanner_version` integer NOT NULL,
	`measure` text NOT NULL,
	`key` text NOT NULL,
	`n_before` integer DEFAULT 0 NOT NULL,
	`n_after` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`scanner_version`, `measure`, `key`),
	FOREIGN KEY (`scanner_version`) REFERENCES `rescan_runs`(`scanner_version`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Each listing a run touched, with its risk (null read as 'none') before and after. No foreign key
-- to servers: a listing removed later stays in the run's history as it was.
CREATE TABLE `rescan_run_listings` (
	`scanner_version` integer NOT NULL,
	`server_id` text NOT NULL,
	`risk_before` text NOT NULL,
	`risk_after` text NOT NULL,
	PRIMARY KEY(`scanner_version`, `server_id`),
	FOREIGN KEY (`scanner_version`) REFERENCES `rescan_runs`(`scanner_version`) ON UPDATE no action ON DELETE cascade
);
