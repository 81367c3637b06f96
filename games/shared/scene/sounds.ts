import sfxUrl from '../../../assets/generated/games-sfx.wav?url';
import sfxData from '../../../assets/generated/games-sfx.json';
import { getEngine, type AssetBundle, type AssetEntry } from '../../../engine/index';

/** The table games' sounds (scripts/assets/games-sfx.ts). */
export const GAME_SOUNDS = 'games-sfx';
export type GameSound = keyof typeof sfxData.sprite;

/** A generated sound sprite (scripts/assets) as a bundle entry on the effects channel. */
export function soundSpriteAsset(
  alias: string,
  url: string,
  data: { sprite: Record<string, readonly number[]> },
): AssetEntry {
  return {
    kind: 'sound',
    alias,
    sound: {
      src: [url],
      sprite: Object.fromEntries(
        Object.entries(data.sprite).map(([key, [offset = 0, duration = 0]]) => [
          key,
          [offset, duration] as const,
        ]),
      ),
      channel: 'effects',
    },
  };
}

export const gameSoundsBundle: AssetBundle = {
  name: GAME_SOUNDS,
  assets: [soundSpriteAsset(GAME_SOUNDS, sfxUrl, sfxData)],
};

/** Plays one of the games' sounds through the engine's SoundManager (muted settings apply). */
export function playGameSound(sound: GameSound): void {
  getEngine().sound.play(GAME_SOUNDS, sound);
}
