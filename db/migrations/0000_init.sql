CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actorId` integer,
	`action` text NOT NULL,
	`entityType` text NOT NULL,
	`entityId` integer NOT NULL,
	`before` text,
	`after` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actorId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_entity_idx` ON `audit_log` (`entityType`,`entityId`,`createdAt`);--> statement-breakpoint
CREATE TABLE `blog_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text(255) NOT NULL,
	`slug` text(255) NOT NULL,
	`excerpt` text,
	`content` text NOT NULL,
	`featuredImage` text,
	`category` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`authorId` integer NOT NULL,
	`status` text(20) DEFAULT 'draft' NOT NULL,
	`readTime` text,
	`publishedAt` integer,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`authorId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `blog_posts_slug_unique` ON `blog_posts` (`slug`);--> statement-breakpoint
CREATE INDEX `blog_posts_status_idx` ON `blog_posts` (`status`,`publishedAt`);--> statement-breakpoint
CREATE TABLE `change_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`toolId` integer NOT NULL,
	`submittedById` integer NOT NULL,
	`requestData` text NOT NULL,
	`status` text(50) DEFAULT 'pending' NOT NULL,
	`submittedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`reviewedAt` integer,
	`reviewedById` integer,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`submittedById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewedById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `change_requests_tool_idx` ON `change_requests` (`toolId`,`status`);--> statement-breakpoint
CREATE INDEX `change_requests_user_idx` ON `change_requests` (`submittedById`);--> statement-breakpoint
CREATE TABLE `editorial_reviews` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`toolId` integer NOT NULL,
	`curatorTake` text NOT NULL,
	`qualityScore` integer NOT NULL,
	`reviewedBy` integer,
	`reviewedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`isFollowUp` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`toolId`) REFERENCES `tools`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reviewedBy`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `editorial_reviews_tool_idx` ON `editorial_reviews` (`toolId`,`reviewedAt`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`html` text NOT NULL,
	`text` text NOT NULL,
	`kind` text NOT NULL,
	`status` text(20) DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`providerId` text,
	`error` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`sentAt` integer
);
--> statement-breakpoint
CREATE INDEX `email_outbox_status_idx` ON `email_outbox` (`status`,`createdAt`);--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`windowStartedAt` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`processedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rebuild_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reason` text NOT NULL,
	`status` text(20) DEFAULT 'queued' NOT NULL,
	`requestedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`startedAt` integer,
	`finishedAt` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `rebuild_jobs_status_idx` ON `rebuild_jobs` (`status`,`requestedAt`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`sid` text PRIMARY KEY NOT NULL,
	`userId` integer NOT NULL,
	`sess` text NOT NULL,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`expire` integer NOT NULL,
	`absoluteExpire` integer NOT NULL,
	FOREIGN KEY (`userId`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`userId`);--> statement-breakpoint
CREATE INDEX `sessions_expire_idx` ON `sessions` (`expire`);--> statement-breakpoint
CREATE TABLE `tools` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(255) NOT NULL,
	`slug` text(255) NOT NULL,
	`url` text(500) NOT NULL,
	`urlKey` text(500) NOT NULL,
	`description` text NOT NULL,
	`logoUrl` text(500),
	`tags` text DEFAULT '[]' NOT NULL,
	`pricingModel` text(50),
	`targetAudience` text DEFAULT '[]' NOT NULL,
	`screenshots` text DEFAULT '[]' NOT NULL,
	`videoUrl` text(500),
	`status` text(50) DEFAULT 'pending' NOT NULL,
	`isPremium` integer DEFAULT false NOT NULL,
	`submittedById` integer NOT NULL,
	`curatorTake` text,
	`qualityScore` integer,
	`rejectionReason` text,
	`unlistReason` text,
	`submittedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`approvedAt` integer,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`submittedById`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tools_slug_unique` ON `tools` (`slug`);--> statement-breakpoint
CREATE INDEX `tools_url_key_idx` ON `tools` (`urlKey`);--> statement-breakpoint
CREATE INDEX `tools_submitted_by_idx` ON `tools` (`submittedById`);--> statement-breakpoint
CREATE INDEX `tools_public_order_idx` ON `tools` (`status`,`isPremium`,`qualityScore`,`approvedAt`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password` text,
	`firstName` text,
	`lastName` text,
	`profileImageUrl` text,
	`isAdmin` integer DEFAULT false NOT NULL,
	`isPremium` integer DEFAULT false NOT NULL,
	`premiumToolsAllowed` integer DEFAULT 0 NOT NULL,
	`premiumToolsUsed` integer DEFAULT 0 NOT NULL,
	`role` text(50) DEFAULT 'user' NOT NULL,
	`accountStatus` text(20) DEFAULT 'active' NOT NULL,
	`suspendedUntil` integer,
	`suspensionReason` text,
	`stripeCustomerId` text,
	`paymentCustomerId` text,
	`stripeSubscriptionId` text,
	`premiumUntil` integer,
	`googleId` text,
	`createdAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updatedAt` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_id_unique` ON `users` (`googleId`);--> statement-breakpoint
CREATE INDEX `users_stripe_customer_idx` ON `users` (`stripeCustomerId`);