import { boolean, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema';

/**
 * A player's game settings (docs/players.md#game-settings), one row once they first change one;
 * a player without a row has the defaults. Null in `reducedMotion` and `hotkeys` means "as the
 * device says" (the system's reduced-motion wish; hotkeys off on touch screens).
 */
export const gameSettings = pgTable('game_settings', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  instant: boolean('instant').notNull().default(false),
  reducedMotion: boolean('reduced_motion'),
  soundMuted: boolean('sound_muted').notNull().default(false),
  /** The master volume, 0 to 100. */
  volume: smallint('volume').notNull().default(80),
  hotkeys: boolean('hotkeys'),
  haptics: boolean('haptics').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type GameSettingsRow = typeof gameSettings.$inferSelect;
