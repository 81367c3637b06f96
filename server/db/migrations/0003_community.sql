CREATE TABLE "eth_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"address" varchar(42) NOT NULL,
	"signature" varchar(132) NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaway_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"giveaway_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaway_winners" (
	"giveaway_id" integer NOT NULL,
	"rank" integer NOT NULL,
	"user_id" integer NOT NULL,
	"prize_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "giveaways" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"prize_cents" bigint NOT NULL,
	"winners_count" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"min_wagered_cents" bigint,
	"server_seed" varchar(64) NOT NULL,
	"server_seed_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"drawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "giveaways_prize_positive" CHECK ("giveaways"."prize_cents" > 0),
	CONSTRAINT "giveaways_winners_positive" CHECK ("giveaways"."winners_count" > 0),
	CONSTRAINT "giveaways_ends_after_start" CHECK ("giveaways"."ends_at" > "giveaways"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"mime" varchar(32) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "hide_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "eth_accounts" ADD CONSTRAINT "eth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_entries" ADD CONSTRAINT "giveaway_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_giveaway_id_giveaways_id_fk" FOREIGN KEY ("giveaway_id") REFERENCES "public"."giveaways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaway_winners" ADD CONSTRAINT "giveaway_winners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "giveaways" ADD CONSTRAINT "giveaways_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eth_accounts_address_unique" ON "eth_accounts" USING btree ("address");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_entries_one_per_user" ON "giveaway_entries" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaway_entries_order_idx" ON "giveaway_entries" USING btree ("giveaway_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_winners_rank_unique" ON "giveaway_winners" USING btree ("giveaway_id","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "giveaway_winners_user_unique" ON "giveaway_winners" USING btree ("giveaway_id","user_id");--> statement-breakpoint
CREATE INDEX "giveaways_ends_idx" ON "giveaways" USING btree ("ends_at");--> statement-breakpoint
CREATE INDEX "images_user_kind_idx" ON "images" USING btree ("user_id","kind","created_at");