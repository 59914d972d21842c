ALTER TABLE "users" ALTER COLUMN "gender" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "gender" DROP NOT NULL;