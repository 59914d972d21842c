ALTER TABLE "subscriptions" ADD COLUMN "next_plan_id" text;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "schedule_id" text;