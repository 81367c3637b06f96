CREATE TABLE "game_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"instant" boolean DEFAULT false NOT NULL,
	"reduced_motion" boolean,
	"sound_muted" boolean DEFAULT false NOT NULL,
	"volume" smallint DEFAULT 80 NOT NULL,
	"hotkeys" boolean,
	"haptics" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_settings" ADD CONSTRAINT "game_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;