CREATE TABLE "play_blocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "play_limits" (
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"period" varchar(8) NOT NULL,
	"amount_cents" bigint,
	"pending_amount_cents" bigint,
	"pending_from" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "play_guarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reality_check_minutes" integer;--> statement-breakpoint
ALTER TABLE "play_blocks" ADD CONSTRAINT "play_blocks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_blocks_user_idx" ON "play_blocks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_time_idx" ON "ledger_entries" USING btree ("user_id","created_at");