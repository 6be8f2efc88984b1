CREATE SEQUENCE "public"."queue_arrivals" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "queue_marks" (
	"queue_id" text PRIMARY KEY NOT NULL,
	"told" integer DEFAULT 0 NOT NULL,
	"epoch" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "queue_members" (
	"queue_id" text NOT NULL,
	"user_id" text NOT NULL,
	"score" double precision NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"admitted_at" timestamp with time zone,
	CONSTRAINT "queue_members_queue_id_user_id_pk" PRIMARY KEY("queue_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "queue_members_queue_id_score_index" ON "queue_members" USING btree ("queue_id","score");