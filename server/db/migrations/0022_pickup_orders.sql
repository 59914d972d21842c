CREATE TABLE "logistics_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"logistics_id" text NOT NULL,
	"rtn_code" integer NOT NULL,
	"status_date" text,
	"source" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_store" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "logistics_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "parcel" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collect_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collect_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "logistics_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_picks" ADD COLUMN "order_no" text;--> statement-breakpoint
ALTER TABLE "logistics_reports" ADD CONSTRAINT "logistics_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logistics_reports_once_idx" ON "logistics_reports" USING btree ("logistics_id","rtn_code");--> statement-breakpoint
CREATE INDEX "orders_parcels_idx" ON "orders" USING btree ("logistics_checked_at") WHERE "orders"."status" = 'TRANSPORTING' and "orders"."logistics_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_logistics_id_unique" UNIQUE("logistics_id");