import type { Answer } from '../../games/shared/wire/types';
import { http } from './client';

/**
 * GET and PATCH /api/settings/game: the player's game settings, kept on their account (instant
 * results, reduced motion with null for the system's choice, sound, the master volume 0 to 100,
 * the games' keys with null for the device's default, and haptics).
 */
export type GameSettings = Answer<'/api/settings/game', 'get'>;

export const gameSettingsApi = {
  get: (silent = false) =>
    http.get<GameSettings>('/api/settings/game', { silent }).then((r) => r.data),
  change: (change: Partial<GameSettings>) =>
    http.patch<GameSettings>('/api/settings/game', change).then((r) => r.data),
};
