ALTER TABLE `users` DROP COLUMN `paymentCustomerId`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `premiumUntil`;