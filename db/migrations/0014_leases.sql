CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expiresAt` integer NOT NULL,
	`renewedAt` integer NOT NULL
);
