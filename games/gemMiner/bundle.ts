import type { SpritesheetData } from 'pixi.js';
import artUrl from '../../assets/generated/gemMiner-art.png?url';
import artData from '../../assets/generated/gemMiner-art.json';
import type { AssetBundle } from '../../engine/index';

/** The shaft's tiles (games/gemMiner/art.ts, scripts/assets/game-art.ts). */
export const GEMMINER_ART = 'gemMiner-art';

export const gemMinerArtBundle: AssetBundle = {
  name: 'gemMiner',
  assets: [
    { kind: 'spritesheet', alias: GEMMINER_ART, image: artUrl, data: artData as SpritesheetData },
  ],
};
