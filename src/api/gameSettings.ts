import { http } from './client';

/** GET and PATCH /api/settings/game: the player's game settings, kept on their account. */
export interface GameSettings {
  /** Results without animation. */
  instant: boolean;
  /** No shake, flash or particle burst; null: as the system asks. */
  reduced_motion: boolean | null;
  sound_muted: boolean;
  /** The master volume, 0 to 100. */
  volume: number;
  /** The games' keys; null: the device's default (off on touch screens). */
  hotkeys: boolean | null;
  /** Vibrate on a cash-out and a big win. */
  haptics: boolean;
}

export const gameSettingsApi = {
  get: (silent = false) =>
    http.get<GameSettings>('/api/settings/game', { silent }).then((r) => r.data),
  change: (change: Partial<GameSettings>) =>
    http.patch<GameSettings>('/api/settings/game', change).then((r) => r.data),
};
