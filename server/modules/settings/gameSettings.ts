import { eq } from 'drizzle-orm';
import type { Db } from '../../db/database';
import { gameSettings, type GameSettingsRow } from './schema';

/** A player's game settings as the API sends them (docs/players.md#game-settings). */
export interface GameSettingsJson {
  instant: boolean;
  /** Null: as the system asks (prefers-reduced-motion). */
  reduced_motion: boolean | null;
  sound_muted: boolean;
  /** The master volume, 0 to 100. */
  volume: number;
  /** Null: the device's default (off on touch screens). */
  hotkeys: boolean | null;
  haptics: boolean;
}

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
