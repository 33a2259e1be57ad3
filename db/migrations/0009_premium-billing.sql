ALTER TABLE `subscriptions` ADD `plan` text(20);--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `invoiceEventAt` integer;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `paymentFailedAt` integer;--> statement-breakpoint
ALTER TABLE `tools` ADD `premiumLapsed` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `premiumPlan` text(20);