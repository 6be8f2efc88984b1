CREATE TABLE "drop_queues" (
	"kind" text NOT NULL,
	"item_id" text NOT NULL,
	"per_minute" integer NOT NULL,
	"admitted_base" integer DEFAULT 0 NOT NULL,
	"base_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "drop_queues_kind_item_id_pk" PRIMARY KEY("kind","item_id")
);
--> statement-breakpoint
ALTER TABLE "card_infos" ADD COLUMN "hot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_orders" ADD COLUMN "admission_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_orders_admission_idx" ON "pay_orders" USING btree ("admission_id") WHERE "pay_orders"."admission_id" IS NOT NULL;