import type { SpritesheetData } from 'pixi.js';
import artUrl from '../../assets/generated/mines-art.png?url';
import artData from '../../assets/generated/mines-art.json';
import type { AssetBundle } from '../../engine/index';

/** The board's tiles, gem and mine (games/mines/art.ts, scripts/assets/game-art.ts). */
export const MINES_ART = 'mines-art';
export type MinesFrame = keyof typeof artData.frames;

export const minesArtBundle: AssetBundle = {
  name: 'mines',
  assets: [
    { kind: 'spritesheet', alias: MINES_ART, image: artUrl, data: artData as SpritesheetData },
  ],
};
