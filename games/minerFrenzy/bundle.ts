import type { SpritesheetData } from 'pixi.js';
import artUrl from '../../assets/generated/minerFrenzy-art.png?url';
import artData from '../../assets/generated/minerFrenzy-art.json';
import type { AssetBundle } from '../../engine/index';

/** The cart (games/minerFrenzy/art.ts, scripts/assets/game-art.ts). */
export const MINER_FRENZY_ART = 'minerFrenzy-art';

export const minerFrenzyArtBundle: AssetBundle = {
  name: 'minerFrenzy',
  assets: [
    {
      kind: 'spritesheet',
      alias: MINER_FRENZY_ART,
      image: artUrl,
      data: artData as SpritesheetData,
    },
  ],
};
