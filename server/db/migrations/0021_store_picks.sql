CREATE TABLE "store_picks" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"chain" text NOT NULL,
	"cash_on_pickup" boolean NOT NULL,
	"locale" text NOT NULL,
	"store" jsonb,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_picks" ADD CONSTRAINT "store_picks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_picks_user_idx" ON "store_picks" USING btree ("user_id","created_at");