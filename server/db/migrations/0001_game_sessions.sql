CREATE TABLE "game_sessions" (
	"bet_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game" varchar(32) NOT NULL,
	"state" jsonb NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_sessions_one_active_per_user_game" ON "game_sessions" USING btree ("user_id","game") WHERE "game_sessions"."status" = 'active';--> statement-breakpoint
-- Open and finished mines games move into game_sessions with their whole state (board, reveals,
-- status), so a game in progress survives the upgrade.
INSERT INTO "game_sessions" ("bet_id", "user_id", "game", "state", "status", "ended_at")
SELECT "bet_id", "user_id", 'mines',
  jsonb_build_object('mines', "mines", 'revealed', "revealed", 'status', "status"),
  "status", "ended_at"
FROM "mines_games";--> statement-breakpoint
DROP TABLE "mines_games" CASCADE;
