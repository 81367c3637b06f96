import type { SpritesheetData } from 'pixi.js';
import artUrl from '../../assets/generated/plinko-art.png?url';
import artData from '../../assets/generated/plinko-art.json';
import type { AssetBundle } from '../../engine/index';

/** The peg and the ball (games/plinko/art.ts, scripts/assets/game-art.ts). */
export const PLINKO_ART = 'plinko-art';

export const plinkoArtBundle: AssetBundle = {
  name: 'plinko',
  assets: [
    { kind: 'spritesheet', alias: PLINKO_ART, image: artUrl, data: artData as SpritesheetData },
  ],
};
