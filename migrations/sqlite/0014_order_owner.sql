ALTER TABLE `approvals` ADD `owner_lock` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `owner_lock` integer;--> statement-breakpoint
CREATE INDEX `orders_in_hand_idx` ON `orders` (`state`) WHERE state in ('intent', 'placing');