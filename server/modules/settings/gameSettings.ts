import { Type, type Static } from 'typebox';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameSettings, type GameSettingsRow } from './schema';

/** A player's game settings as the API sends them (docs/players.md#game-settings). */
export const GameSettingsBody = Type.Object({
  instant: Type.Boolean({ description: 'Results without animation' }),
  reduced_motion: Type.Union([Type.Boolean(), Type.Null()], {
    description: 'No shake, flash or particle burst; null: as the system asks',
  }),
  sound_muted: Type.Boolean(),
  volume: Type.Integer({ minimum: 0, maximum: 100, description: 'The master volume' }),
  hotkeys: Type.Union([Type.Boolean(), Type.Null()], {
    description: "The games' keys (Space to bet...); null: the device's default (off on touch)",
  }),
  haptics: Type.Boolean({ description: 'Vibrate on a cash-out and a big win (phones)' }),
});
export type GameSettingsJson = Static<typeof GameSettingsBody>;

export const GAME_SETTINGS_DEFAULTS: GameSettingsJson = {
  instant: false,
  reduced_motion: null,
  sound_muted: false,
  volume: 80,
  hotkeys: null,
  haptics: false,
};

function toJson(row: GameSettingsRow | undefined): GameSettingsJson {
  if (!row) return { ...GAME_SETTINGS_DEFAULTS };
  return {
    instant: row.instant,
    reduced_motion: row.reducedMotion,
    sound_muted: row.soundMuted,
    volume: row.volume,
    hotkeys: row.hotkeys,
    haptics: row.haptics,
  };
}

export async function readGameSettings(db: Db, userId: number): Promise<GameSettingsJson> {
  const [row] = await db.select().from(gameSettings).where(eq(gameSettings.userId, userId));
  return toJson(row);
}

/** Changes the settings given (the others stay as they are) and answers them all. */
export async function changeGameSettings(
  db: Db,
  userId: number,
  change: Partial<GameSettingsJson>,
): Promise<GameSettingsJson> {
  const set = {
    ...(change.instant !== undefined ? { instant: change.instant } : {}),
    ...(change.reduced_motion !== undefined ? { reducedMotion: change.reduced_motion } : {}),
    ...(change.sound_muted !== undefined ? { soundMuted: change.sound_muted } : {}),
    ...(change.volume !== undefined ? { volume: change.volume } : {}),
    ...(change.hotkeys !== undefined ? { hotkeys: change.hotkeys } : {}),
    ...(change.haptics !== undefined ? { haptics: change.haptics } : {}),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(gameSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: gameSettings.userId, set })
    .returning();
  return toJson(row);
}
