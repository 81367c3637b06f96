import sfxUrl from '../../assets/generated/games-sfx.wav?url';
import sfxData from '../../assets/generated/games-sfx.json';
import { getEngine, type AssetBundle, type Engine } from '../../engine/index';

/** The table games' sounds (scripts/assets/games-sfx.ts). */
export const GAME_SOUNDS = 'games-sfx';
export type GameSound = keyof typeof sfxData.sprite;

export const gameSoundsBundle: AssetBundle = {
  name: GAME_SOUNDS,
  assets: [
    {
      kind: 'sound',
      alias: GAME_SOUNDS,
      sound: {
        src: [sfxUrl],
        sprite: Object.fromEntries(
          Object.entries(sfxData.sprite).map(([key, [offset = 0, duration = 0]]) => [
            key,
            [offset, duration] as const,
          ]),
        ),
        channel: 'effects',
      },
    },
  ],
};

/** Adds the bundle to the engine's manifest once (a scene lists it in its `bundles`). */
export function registerGameSounds(engine: Engine): void {
  if (!engine.assets.manifest.has(GAME_SOUNDS)) engine.assets.add(gameSoundsBundle);
}

/** Plays one of the games' sounds through the engine's SoundManager (muted settings apply). */
export function playGameSound(sound: GameSound): void {
  getEngine().sound.play(GAME_SOUNDS, sound);
}
