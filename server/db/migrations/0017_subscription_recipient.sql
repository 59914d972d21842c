ALTER TABLE "subscription_checkouts" ALTER COLUMN "session_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ALTER COLUMN "url" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD COLUMN "ref" text;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD COLUMN "second_box" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_checkouts" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "recipient" jsonb;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "recipient_changed_at" timestamp with time zone;